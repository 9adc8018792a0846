package hr.scim;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import org.springframework.core.io.ClassPathResource;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** SCIM's discovery endpoints (RFC 7644 §4), answered from the documents in {@code scim/} on the classpath. */
@RestController
class ScimDiscoveryController {

	private final ScimResponses responses;
	private final JsonMapper json;
	private final JsonNode serviceProviderConfig;
	private final JsonNode resourceTypes;
	private final JsonNode schemas;

	ScimDiscoveryController(ScimResponses responses, JsonMapper json) {
		this.responses = responses;
		this.json = json;
		this.serviceProviderConfig = read("scim/ServiceProviderConfig.json");
		this.resourceTypes = read("scim/ResourceTypes.json");
		this.schemas = read("scim/Schemas.json");
	}

	@GetMapping("/scim/v2/ServiceProviderConfig")
	ResponseEntity<byte[]> serviceProviderConfig() {
		return responses.ok(200, serviceProviderConfig, null, null);
	}

	@GetMapping("/scim/v2/ResourceTypes")
	ResponseEntity<byte[]> resourceTypes() {
		return responses.ok(200, list(resourceTypes), null, null);
	}

	@GetMapping("/scim/v2/ResourceTypes/{id}")
	ResponseEntity<byte[]> resourceType(@PathVariable String id) {
		return one(resourceTypes, id, "resource type");
	}

	@GetMapping("/scim/v2/Schemas")
	ResponseEntity<byte[]> schemas() {
		return responses.ok(200, list(schemas), null, null);
	}

	@GetMapping("/scim/v2/Schemas/{id}")
	ResponseEntity<byte[]> schema(@PathVariable String id) {
		return one(schemas, id, "schema");
	}

	private ResponseEntity<byte[]> one(JsonNode all, String id, String what) {
		for (JsonNode item : all) {
			if (item.path("id").asString().equals(id)) {
				return responses.ok(200, item, null, null);
			}
		}
		return responses.error(ScimException.notFound("No " + what + " " + id + "."));
	}

	private ObjectNode list(JsonNode items) {
		ObjectNode list = json.createObjectNode();
		list.putArray("schemas").add(ScimSchemas.LIST_RESPONSE);
		list.put("totalResults", items.size());
		list.put("startIndex", 1);
		list.put("itemsPerPage", items.size());
		ArrayNode resources = list.putArray("Resources");
		items.forEach(resources::add);
		return list;
	}

	private JsonNode read(String path) {
		try (InputStream in = new ClassPathResource(path).getInputStream()) {
			return json.readTree(in);
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
