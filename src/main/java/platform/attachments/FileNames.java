package platform.attachments;

/**
 * A client's file name made safe to store and to send back in {@code Content-Disposition}: only its
 * last path segment (a name like {@code ../../etc/passwd} or {@code C:\x\y.pdf} keeps {@code passwd},
 * {@code y.pdf}), without control or format characters (a right-to-left override could make
 * {@code exe.pdf} of {@code fdp.exe}), quotes or leading dots, at most 255 characters with the
 * extension kept; nothing left is {@code attachment}.
 */
final class FileNames {

	static final String FALLBACK = "attachment";
	private static final int MAX = 255;

	private FileNames() {
	}

	static String sanitise(String name) {
		if (name == null) {
			return FALLBACK;
		}
		String last = name;
		int slash = Math.max(last.lastIndexOf('/'), last.lastIndexOf('\\'));
		if (slash >= 0) {
			last = last.substring(slash + 1);
		}
		StringBuilder kept = new StringBuilder();
		last.codePoints().forEach(c -> {
			int type = Character.getType(c);
			if (!Character.isISOControl(c) && type != Character.FORMAT && type != Character.LINE_SEPARATOR
					&& type != Character.PARAGRAPH_SEPARATOR && type != Character.UNASSIGNED && type != Character.PRIVATE_USE
					&& type != Character.SURROGATE && c != '"' && c != ':' && c != '*' && c != '?' && c != '<' && c != '>'
					&& c != '|') {
				kept.appendCodePoint(Character.isWhitespace(c) ? ' ' : c);
			}
		});
		String clean = kept.toString().trim().replaceAll(" {2,}", " ").replaceFirst("^\\.+", "").trim();
		if (clean.isEmpty()) {
			return FALLBACK;
		}
		if (clean.codePointCount(0, clean.length()) > MAX) {
			int dot = clean.lastIndexOf('.');
			String extension = dot > 0 && clean.length() - dot <= 10 ? clean.substring(dot) : "";
			String stem = clean.substring(0, clean.offsetByCodePoints(0, MAX - extension.codePointCount(0, extension.length())));
			clean = stem + extension;
		}
		return clean;
	}

	/** The extension, lower case, without the dot; empty without one. */
	static String extension(String sanitised) {
		int dot = sanitised.lastIndexOf('.');
		return dot < 0 ? "" : sanitised.substring(dot + 1).toLowerCase(java.util.Locale.ROOT);
	}
}
