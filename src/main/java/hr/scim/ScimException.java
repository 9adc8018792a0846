package hr.scim;

/**
 * A refusal answered as a SCIM Error ({@code urn:ietf:params:scim:api:messages:2.0:Error}) with its
 * HTTP status and, for a 400 or 409, its {@code scimType} (RFC 7644 §3.12).
 */
final class ScimException extends RuntimeException {

	private final int status;
	private final String scimType;

	ScimException(int status, String scimType, String detail) {
		super(detail);
		this.status = status;
		this.scimType = scimType;
	}

	static ScimException invalidValue(String detail) {
		return new ScimException(400, "invalidValue", detail);
	}

	static ScimException invalidSyntax(String detail) {
		return new ScimException(400, "invalidSyntax", detail);
	}

	static ScimException invalidPath(String detail) {
		return new ScimException(400, "invalidPath", detail);
	}

	static ScimException notFound(String detail) {
		return new ScimException(404, null, detail);
	}

	int status() {
		return status;
	}

	String scimType() {
		return scimType;
	}
}
