package platform.objectstore;

import java.util.regex.Pattern;

/** The one rule for keys, so neither adapter can be led outside its directory or bucket prefix. */
final class ObjectKeys {

	private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*");
	private static final Pattern PREFIX = Pattern.compile("([A-Za-z0-9_-][A-Za-z0-9._-]*/?)*");

	private ObjectKeys() {
	}

	static String key(String key) {
		if (key == null || key.length() > 512 || !KEY.matcher(key).matches() || key.contains("..")) {
			throw new IllegalArgumentException("not an object key: " + key);
		}
		return key;
	}

	static String prefix(String prefix) {
		if (prefix == null || prefix.length() > 512 || !PREFIX.matcher(prefix).matches() || prefix.contains("..")) {
			throw new IllegalArgumentException("not an object key prefix: " + prefix);
		}
		return prefix;
	}
}
