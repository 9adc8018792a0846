package hr.scim;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import platform.DomainException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Any failure of a SCIM request as a SCIM Error: HR's refusals keep their meaning (a taken employee
 * number or email is 409 {@code uniqueness}, a bad field 400 {@code invalidValue}, a stale If-Match
 * 412); anything unexpected is logged and answered 500 without internals.
 */
@Component
class ScimErrors {

	private static final Logger log = LoggerFactory.getLogger(ScimErrors.class);

	private final JsonMapper json;

	ScimErrors(JsonMapper json) {
		this.json = json;
	}

	ScimException of(RuntimeException failure) {
		if (failure instanceof ScimException scim) {
			return scim;
		}
		if (failure instanceof DomainException refusal) {
			return switch (refusal.kind()) {
				case NOT_FOUND -> new ScimException(404, null, refusal.getMessage());
				case CONFLICT, STALE -> new ScimException(409, refusal.problem() != null && refusal.problem().endsWith("taken")
						? "uniqueness" : null, refusal.getMessage());
				case FORBIDDEN -> new ScimException(403, null, refusal.getMessage());
				case PRECONDITION_FAILED -> new ScimException(412, null, refusal.getMessage());
				case PRECONDITION_REQUIRED -> new ScimException(428, null, refusal.getMessage());
				case INVALID_INPUT, UNPROCESSABLE -> invalid(refusal);
				case TOO_LARGE -> new ScimException(413, null, refusal.getMessage());
				case UNSUPPORTED_TYPE -> new ScimException(415, null, refusal.getMessage());
			};
		}
		log.error("SCIM request failed", failure);
		return new ScimException(500, null, "The request could not be completed.");
	}

	ObjectNode body(ScimException error) {
		ObjectNode body = json.createObjectNode();
		body.putArray("schemas").add(ScimSchemas.ERROR);
		body.put("status", Integer.toString(error.status()));
		if (error.scimType() != null) {
			body.put("scimType", error.scimType());
		}
		body.put("detail", error.getMessage());
		return body;
	}

	/** The field messages, named as the employee's fields are (docs/scim.md maps them back to SCIM's). */
	private static ScimException invalid(DomainException refusal) {
		String email = refusal.fieldErrors().get("email");
		if (email != null && email.contains("already used")) {
			return new ScimException(409, "uniqueness", "userName " + email + ".");
		}
		String detail = refusal.fieldErrors().isEmpty() ? refusal.getMessage()
				: refusal.fieldErrors().entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).sorted()
					.reduce((a, b) -> a + "; " + b).orElse(refusal.getMessage());
		return ScimException.invalidValue(detail);
	}
}
