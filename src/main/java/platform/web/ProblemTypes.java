package platform.web;

import java.net.URI;

/** Stable problem {@code type} URIs; clients may switch on them. */
public final class ProblemTypes {

	private static final String BASE = "https://jmlhub.dev/problems/";

	public static final URI UNAUTHORIZED = URI.create(BASE + "unauthorized");
	public static final URI FORBIDDEN = URI.create(BASE + "forbidden");
	public static final URI NOT_FOUND = URI.create(BASE + "not-found");
	public static final URI CONFLICT = URI.create(BASE + "conflict");
	/** 409: the request names a stage or version that is no longer current; {@code errors} names the field. */
	public static final URI STALE = URI.create(BASE + "stale");
	/** 428: an update named no version (neither If-Match nor {@code version}). */
	public static final URI PRECONDITION_REQUIRED = URI.create(BASE + "precondition-required");
	/** 412: the If-Match ETag is not the current version. */
	public static final URI PRECONDITION_FAILED = URI.create(BASE + "precondition-failed");
	public static final URI VALIDATION = URI.create(BASE + "validation");
	/** 422: well-formed but cannot work (a definition's quorum its group cannot meet, an unknown group). */
	public static final URI UNPROCESSABLE = URI.create(BASE + "unprocessable");
	public static final URI MALFORMED = URI.create(BASE + "malformed-request");
	public static final URI METHOD_NOT_ALLOWED = URI.create(BASE + "method-not-allowed");
	public static final URI UNSUPPORTED_MEDIA_TYPE = URI.create(BASE + "unsupported-media-type");
	public static final URI NOT_ACCEPTABLE = URI.create(BASE + "not-acceptable");
	public static final URI PAYLOAD_TOO_LARGE = URI.create(BASE + "payload-too-large");
	public static final URI TOO_MANY_ATTEMPTS = URI.create(BASE + "too-many-attempts");
	public static final URI INTERNAL = URI.create(BASE + "internal");
	public static final URI SERVICE_UNAVAILABLE = URI.create(BASE + "service-unavailable");
	/** 503: Temporal did not answer in time; nothing was changed, the same request may be sent again. */
	public static final URI TEMPORAL_UNAVAILABLE = URI.create(BASE + "temporal-unavailable");
	/** 503: the object store (attachments) did not answer; nothing was kept, the same request may be sent again. */
	public static final URI OBJECTSTORE_UNAVAILABLE = URI.create(BASE + "objectstore-unavailable");

	private ProblemTypes() {
	}

	/** The type of a refusal that names itself ({@link platform.DomainException#problem()}). */
	static URI named(String problem) {
		return URI.create(BASE + problem);
	}
}
