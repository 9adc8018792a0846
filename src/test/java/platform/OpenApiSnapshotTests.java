package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import platform.testing.ApiClient;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The committed OpenAPI snapshot, from which the build generates the Java client that
 * {@link GeneratedClientContractTests} drives, is exactly what the server serves: when the API
 * changes, this fails until the snapshot is renewed (and the generated client with it), so the
 * document, the client and the server cannot drift apart. Renew it with
 * {@code mvn -o test -Dtest=OpenApiSnapshotTests -Dopenapi.snapshot.update=true}, review the diff, commit.
 */
@JmlHubIntegrationTest
class OpenApiSnapshotTests {

	/** Where the snapshot lives (the generator's inputSpec in the pom). */
	static final Path SNAPSHOT = Path.of("src/test/resources/openapi/jml-hub-api.json");
	static final Path SERVED = Path.of("target/openapi/served-api.json");

	@LocalServerPort
	int port;

	final JsonMapper json = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

	@Test
	void theServedDocumentIsTheSnapshotTheClientIsGeneratedFrom() throws IOException {
		var response = new ApiClient(port).get(null, "/v3/api-docs");
		assertThat(response.statusCode()).isEqualTo(200);
		String served = json.writeValueAsString(normalizedDocument(json.readTree(response.body()))) + "\n";
		Files.createDirectories(SERVED.getParent());
		Files.writeString(SERVED, served, StandardCharsets.UTF_8);
		if (Boolean.getBoolean("openapi.snapshot.update")) {
			Files.createDirectories(SNAPSHOT.getParent());
			Files.writeString(SNAPSHOT, served, StandardCharsets.UTF_8);
		}
		String snapshot = Files.exists(SNAPSHOT) ? Files.readString(SNAPSHOT, StandardCharsets.UTF_8) : "";
		assertThat(served).as("""
				The served OpenAPI document differs from %s (the generated client's input); the served one is in %s. \
				If the change is meant, renew the snapshot: mvn -o test -Dtest=OpenApiSnapshotTests \
				-Dopenapi.snapshot.update=true, review the diff and commit it.""".formatted(SNAPSHOT, SERVED))
			.isEqualTo(snapshot);
	}

	/**
	 * The document with what legitimately varies between runs taken out: object keys sorted, the
	 * top-level tags by name, and no {@code servers} (springdoc names the random test port there;
	 * a client sets its base URI itself).
	 */
	static JsonNode normalized(JsonNode node) {
		if (node instanceof ObjectNode object) {
			List<Map.Entry<String, JsonNode>> fields = new ArrayList<>(object.properties());
			fields.sort(Map.Entry.comparingByKey());
			ObjectNode sorted = object.objectNode();
			fields.forEach(field -> sorted.set(field.getKey(), normalized(field.getValue())));
			return sorted;
		}
		if (node instanceof ArrayNode array) {
			ArrayNode copy = array.arrayNode();
			array.forEach(element -> copy.add(normalized(element)));
			return copy;
		}
		return node;
	}

	static JsonNode normalizedDocument(JsonNode document) {
		ObjectNode top = (ObjectNode) normalized(document);
		top.remove("servers");
		if (top.get("tags") instanceof ArrayNode tags) {
			List<JsonNode> byName = new ArrayList<>();
			tags.forEach(byName::add);
			byName.sort(Comparator.comparing(tag -> tag.path("name").asString("")));
			ArrayNode sorted = tags.arrayNode();
			byName.forEach(sorted::add);
			top.set("tags", sorted);
		}
		return top;
	}
}
