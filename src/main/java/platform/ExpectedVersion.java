package platform;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.http.ResponseEntity;

/**
 * The version an update expects the thing to have, so that concurrent edits are not
 * last-writer-wins: from an {@code If-Match} header (the ETag a GET answered) or from the body's
 * {@code version}. An update that names neither is refused (428), but only once the thing is found,
 * so another tenant's id stays a plain 404. A stale If-Match is a 412, a stale {@code version} a
 * 409 {@code stale} naming the field: the caller said it one way, the answer says it back that way.
 *
 * @param version the expected version; null when the request named none
 * @param source where the caller said it
 */
public record ExpectedVersion(Integer version, Source source) {

	/** Where the expected version came from. */
	public enum Source {
		IF_MATCH, BODY, NONE
	}

	/** A strong ETag of a version: {@code "3"} (weak ones never match an If-Match). */
	private static final Pattern ETAG = Pattern.compile("\"(\\d{1,9})\"");

	/** The ETag that a response of a thing at {@code version} carries. */
	public static String etag(int version) {
		return "\"" + version + "\"";
	}

	/**
	 * A 200 answering {@code body}, the thing at {@code version}, with its ETag: what a GET of a
	 * versioned thing and a successful update of it answer, so that the next update can name it.
	 */
	public static <T> ResponseEntity<T> withETag(T body, int version) {
		return ResponseEntity.ok().eTag(etag(version)).body(body);
	}

	/**
	 * The version an update names: its {@code If-Match} header and its body's {@code version},
	 * either of which may be null. Both given must agree; an If-Match that is not one ETag of ours
	 * (a list, {@code *}, a weak ETag) is a 400 naming the header.
	 */
	public static ExpectedVersion of(String ifMatch, Integer bodyVersion) {
		Integer fromHeader = null;
		if (ifMatch != null && !ifMatch.isBlank()) {
			Matcher etag = ETAG.matcher(ifMatch.strip());
			if (!etag.matches()) {
				throw new DomainException.InvalidInput("If-Match",
						"must be one ETag as a GET answered it, for example \"3\"");
			}
			fromHeader = Integer.valueOf(etag.group(1));
		}
		if (bodyVersion != null && bodyVersion < 0) {
			throw new DomainException.InvalidInput("version", "must not be negative");
		}
		if (fromHeader != null && bodyVersion != null && !fromHeader.equals(bodyVersion)) {
			throw new DomainException.InvalidInput("version", "says " + bodyVersion + " but If-Match says " + fromHeader);
		}
		if (fromHeader != null) {
			return new ExpectedVersion(fromHeader, Source.IF_MATCH);
		}
		return bodyVersion == null ? new ExpectedVersion(null, Source.NONE) : new ExpectedVersion(bodyVersion, Source.BODY);
	}

	/** The version a console form posted back (its hidden {@code version} field). */
	public static ExpectedVersion fromForm(Integer version) {
		return of(null, version);
	}

	/**
	 * Refuses the update unless the thing is still at the expected version.
	 *
	 * @param current the thing's version now (read under its row lock)
	 * @param thing what the message calls it, "employee"
	 */
	public void check(int current, String thing) {
		if (source == Source.NONE) {
			throw new DomainException.PreconditionRequired("Say which version of the " + thing
					+ " you change: send If-Match with the ETag a GET answered, or \"version\" in the body.");
		}
		if (version != current) {
			// worded so that a plural thing ("trigger settings", "entitlements") reads right too
			String message = "Someone else changed the " + thing + " (now version " + current + ", you sent version "
					+ version + "); reload and try again.";
			throw source == Source.IF_MATCH ? new DomainException.PreconditionFailed(message)
					: DomainException.Conflict.stale(message, "version", "is " + version + "; the current version is " + current);
		}
	}
}
