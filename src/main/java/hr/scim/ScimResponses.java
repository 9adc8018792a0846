package hr.scim;

import java.util.function.Supplier;

import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads SCIM bodies and writes SCIM answers as {@code application/scim+json} bytes, so the content
 * type is ours whatever the client's Accept says, and a failure is always a SCIM Error.
 */
@Component
class ScimResponses {

	private final JsonMapper json;
	private final ScimErrors errors;

	ScimResponses(JsonMapper json, ScimErrors errors) {
		this.json = json;
		this.errors = errors;
	}

	/** The body as JSON; 400 invalidSyntax when it is none. */
	JsonNode parse(byte[] body) {
		if (body == null || body.length == 0) {
			throw ScimException.invalidSyntax("The request has no body.");
		}
		if (body.length > ScimSchemas.MAX_PAYLOAD_BYTES) {
			throw new ScimException(413, null, "The request is larger than " + ScimSchemas.MAX_PAYLOAD_BYTES + " bytes.");
		}
		try {
			return json.readTree(body);
		}
		catch (JacksonException e) {
			throw ScimException.invalidSyntax("The body is not valid JSON.");
		}
	}

	/** Runs {@code work}; its answer, or the SCIM Error of its failure. */
	ResponseEntity<byte[]> answer(Supplier<ResponseEntity<byte[]>> work) {
		try {
			return work.get();
		}
		catch (RuntimeException e) {
			return error(errors.of(e));
		}
	}

	ResponseEntity<byte[]> error(ScimException error) {
		return ResponseEntity.status(error.status()).header(HttpHeaders.CONTENT_TYPE, ScimSchemas.MEDIA_TYPE)
			.body(json.writeValueAsBytes(errors.body(error)));
	}

	ResponseEntity<byte[]> ok(int status, JsonNode body, String location, String etag) {
		ResponseEntity.BodyBuilder builder = ResponseEntity.status(status).header(HttpHeaders.CONTENT_TYPE, ScimSchemas.MEDIA_TYPE);
		if (location != null) {
			builder.header(HttpHeaders.LOCATION, location);
		}
		if (etag != null) {
			builder.header(HttpHeaders.ETAG, etag);
		}
		return builder.body(json.writeValueAsBytes(body));
	}
}
