package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import platform.testing.ApiClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The embedded demo's story (platform.demo.DemoStory) in a database of its own: after
 * startup the console has runs in every state, waiting on each demo approver, and a blocked one;
 * and the demo's deliberately failing directory integration leaves exactly one dead letter.
 */
class DemoStoryTests {

	static ProductionDatabase database;
	static ConfigurableApplicationContext app;
	static ApiClient api;

	final JsonMapper json = JsonMapper.builder().build();

	@BeforeAll
	static void start() {
		database = ProductionDatabase.start();
		app = new SpringApplicationBuilder(JmlHubApplication.class).run(
				"--spring.datasource.url=" + database.jdbcUrl(),
				"--spring.datasource.username=" + ProductionDatabase.RUNTIME,
				"--spring.datasource.password=" + ProductionDatabase.RUNTIME_PASSWORD,
				"--spring.flyway.url=" + database.jdbcUrl(),
				"--spring.flyway.user=" + ProductionDatabase.OWNER,
				"--spring.flyway.password=" + ProductionDatabase.OWNER_PASSWORD,
				// what the embedded default sets; the tests' own configuration turns the story off
				"--jmlhub.demo=true", "--jmlhub.embedded.postgres-active=true", "--jmlhub.demo-story=true",
				"--outbox.poll-interval=1s");
		api = new ApiClient(((WebServerApplicationContext) app).getWebServer().getPort());
	}

	@AfterAll
	static void stop() {
		if (app != null) {
			app.close();
		}
		if (database != null) {
			database.close();
		}
	}

	@Test
	void theDemoOpensOnRunsInEveryStateWaitingOnEveryApprover() {
		await().atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
			Map<String, Long> acme = countByStatus(runs("hana", "/v1/workflow-runs?limit=100"));
			assertThat(acme).as("acme's runs by status").containsEntry("completed", 3L).containsEntry("rejected", 1L)
				.containsEntry("withdrawn", 1L).containsEntry("returned", 2L).containsEntry("running", 11L);
			for (Map.Entry<String, Integer> waiting : Map.of("manny", 5, "ivan", 3, "sara", 2, "sam", 3).entrySet()) {
				assertThat(runs(waiting.getKey(), "/v1/workflow-runs?assignedToMe=true&limit=100"))
					.as("runs waiting on " + waiting.getKey()).hasSize(waiting.getValue());
			}
			List<JsonNode> globex = runs("gus", "/v1/workflow-runs?limit=100");
			assertThat(globex).hasSize(2);
			assertThat(globex.stream().flatMap(run -> stages(run).stream()).map(stage -> stage.path("status").asString()))
				.as("globex's stages").contains("blocked");
		});
	}

	@Test
	void theDemosFailingDirectoryIntegrationLeavesExactlyOneDeadLetter() {
		String grantDeadLetters = "/v1/admin/outbox/dead-letters?eventType=workflow.grant.recorded";
		await().atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofSeconds(1))
			.untilAsserted(() -> assertThat(runs("ada", grantDeadLetters)).as("acme's grant dead letters").isNotEmpty());
		List<JsonNode> deadLetters = runs("ada", "/v1/admin/outbox/dead-letters");
		assertThat(deadLetters).as("the demo's dead letters").hasSize(1);
		JsonNode deadLetter = deadLetters.get(0);
		assertThat(deadLetter.path("eventType").asString()).isEqualTo("workflow.grant.recorded");
		assertThat(deadLetter.path("attempts").asInt()).as("refused for good at once").isEqualTo(1);
		assertThat(deadLetter.path("lastError").asString()).contains("deliberately failing directory integration")
			.contains("noah.becker@example.com");
		List<JsonNode> noah = runs("hana", "/v1/workflow-runs?q=Noah%20Becker");
		assertThat(noah).hasSize(1);
		assertThat(deadLetter.path("aggregateId").asString()).isEqualTo(noah.get(0).path("id").asString());
		assertThat(runs("gus", "/v1/admin/outbox/dead-letters")).as("globex's dead letters").isEmpty();
	}

	private List<JsonNode> runs(String user, String path) {
		JsonNode page = json.readTree(api.get(user, path).body());
		return StreamSupport.stream(page.path("items").spliterator(), false).toList();
	}

	private List<JsonNode> stages(JsonNode run) {
		JsonNode detail = json.readTree(api.get("gus", "/v1/workflow-runs/" + run.path("id").asString()).body());
		return StreamSupport.stream(detail.path("stages").spliterator(), false).toList();
	}

	private static Map<String, Long> countByStatus(List<JsonNode> runs) {
		return runs.stream().collect(Collectors.groupingBy(run -> run.path("status").asString(), Collectors.counting()));
	}
}
