package hr.scim;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import hr.Employee;
import platform.AppUser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /scim/v2/Bulk} (RFC 7644 §3.7): the operations on /Users one after the other, each its own
 * write (a failed one leaves the others), until {@code failOnErrors} errors. {@code bulkId:} in a
 * path names a user created earlier in the same request.
 */
@RestController
class ScimBulkController {

	private final ScimUsers users;
	private final ScimUserWriter writer;
	private final ScimResponses responses;
	private final ScimErrors errors;
	private final JsonMapper json;

	ScimBulkController(ScimUsers users, ScimUserWriter writer, ScimResponses responses, ScimErrors errors, JsonMapper json) {
		this.users = users;
		this.writer = writer;
		this.responses = responses;
		this.errors = errors;
		this.json = json;
	}

	@PostMapping("/scim/v2/Bulk")
	ResponseEntity<byte[]> bulk(@AuthenticationPrincipal AppUser user, @RequestBody(required = false) byte[] body) {
		return responses.answer(() -> {
			JsonNode request = responses.parse(body);
			ScimUserReader.requireObject(request);
			if (!listsSchema(request)) {
				throw ScimException.invalidSyntax("schemas must list " + ScimSchemas.BULK_REQUEST + ".");
			}
			JsonNode operations = ScimUserReader.member(request, "Operations");
			if (operations == null || !operations.isArray()) {
				throw ScimException.invalidSyntax("Operations must be an array.");
			}
			if (operations.size() > ScimSchemas.MAX_OPERATIONS) {
				throw new ScimException(413, "tooMany", "At most " + ScimSchemas.MAX_OPERATIONS + " operations per request.");
			}
			JsonNode failOn = ScimUserReader.member(request, "failOnErrors");
			int failOnErrors = failOn == null || !failOn.canConvertToInt() ? Integer.MAX_VALUE : Math.max(1, failOn.asInt());
			ObjectNode answer = json.createObjectNode();
			answer.putArray("schemas").add(ScimSchemas.BULK_RESPONSE);
			ArrayNode results = answer.putArray("Operations");
			Map<String, UUID> created = new HashMap<>();
			int failures = 0;
			for (JsonNode operation : operations) {
				ObjectNode result = operation(user, operation, created);
				results.add(result);
				if (result.path("status").asString().charAt(0) >= '4' && ++failures >= failOnErrors) {
					break;
				}
			}
			return responses.ok(200, answer, null, null);
		});
	}

	private ObjectNode operation(AppUser user, JsonNode operation, Map<String, UUID> created) {
		ObjectNode result = json.createObjectNode();
		try {
			ScimUserReader.requireObject(operation);
			String method = text(operation, "method").toUpperCase(Locale.ROOT);
			String bulkId = ScimUserReader.member(operation, "bulkId") == null ? null : text(operation, "bulkId");
			String path = text(operation, "path");
			result.put("method", method);
			if (bulkId != null) {
				result.put("bulkId", bulkId);
			}
			JsonNode data = ScimUserReader.member(operation, "data");
			JsonNode version = ScimUserReader.member(operation, "version");
			String ifMatch = version == null || version.isNull() ? null : version.asString();
			Employee employee;
			int status;
			if (method.equals("POST") && path.equalsIgnoreCase("/Users")) {
				employee = users.create(user, data);
				status = 201;
				if (bulkId != null) {
					created.put(bulkId, employee.id());
				}
			}
			else if (path.regionMatches(true, 0, "/Users/", 0, 7) && (method.equals("PUT") || method.equals("PATCH"))) {
				UUID id = id(path.substring(7), created);
				employee = method.equals("PUT") ? users.replace(user, id, data, ifMatch) : users.patch(user, id, data, ifMatch);
				status = 200;
			}
			else if (method.equals("DELETE")) {
				throw new ScimException(405, null, "Users are not deleted; set active to false or the jmlhub lastDay.");
			}
			else {
				throw ScimException.invalidValue("Unsupported operation " + method + " " + path + ".");
			}
			String location = ScimUsersController.location(employee);
			result.put("location", location);
			result.put("version", ScimUserWriter.etag(employee.version()));
			result.put("status", Integer.toString(status));
			if (status == 201) {
				result.set("response", writer.user(employee, location));
			}
		}
		catch (RuntimeException e) {
			ScimException error = errors.of(e);
			result.put("status", Integer.toString(error.status()));
			result.set("response", errors.body(error));
		}
		return result;
	}

	private static UUID id(String reference, Map<String, UUID> created) {
		if (reference.startsWith("bulkId:")) {
			UUID id = created.get(reference.substring(7));
			if (id == null) {
				throw ScimException.invalidValue("No user was created with " + reference + " earlier in this request.");
			}
			return id;
		}
		return ScimUsersController.uuid(reference);
	}

	private static String text(JsonNode operation, String name) {
		JsonNode value = ScimUserReader.member(operation, name);
		if (value == null || !value.isString() || value.asString().isBlank()) {
			throw ScimException.invalidValue("Each operation needs " + name + ".");
		}
		return value.asString().strip();
	}

	private static boolean listsSchema(JsonNode request) {
		JsonNode schemas = ScimUserReader.member(request, "schemas");
		if (schemas == null || !schemas.isArray()) {
			return false;
		}
		for (JsonNode schema : schemas) {
			if (schema.isString() && schema.asString().equalsIgnoreCase(ScimSchemas.BULK_REQUEST)) {
				return true;
			}
		}
		return false;
	}
}
