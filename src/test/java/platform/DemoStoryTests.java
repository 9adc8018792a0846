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

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Filter;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;

import platform.testing.ApiClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The embedded demo's story (platform.demo.DemoStory) in a database of its own: after
 * startup the console has runs in every state, waiting on each demo approver, and a blocked one;
 * and acme's in-memory directory (provisioning.demo) holds the accounts of the joiners IT approved,
 * except Noah Becker's, which it refuses (one failed effect, no dead letter), and the disabled
 * account of Nils Berg, the completed leaver, who has left.
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
				"--outbox.poll-interval=1s", "--jmlhub.provisioning.poll-interval=1s",
				// a free port: a demo running on this machine keeps 1389
				"--jmlhub.demo-ldap-port=0");
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
			assertThat(acme).as("acme's runs by status").containsEntry("completed", 5L).containsEntry("rejected", 1L)
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
	void aCompletedJoinerHasAnAccountInTheDemoDirectoryAndTheRejectedOneHasNone() throws Exception {
		String url = targetUrl();
		int port = Integer.parseInt(url.substring(url.lastIndexOf(':') + 1));
		try (LDAPConnection ldap = new LDAPConnection("127.0.0.1", port, "cn=admin,dc=acme,dc=demo", "demo")) {
			await().atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofSeconds(1))
				.untilAsserted(() -> assertThat(accounts(ldap, "felix.braun@example.com")).as("Felix Braun's account").hasSize(1));
			SearchResultEntry felix = accounts(ldap, "felix.braun@example.com").get(0);
			assertThat(felix.getParsedDN()).isEqualTo(new DN("uid=felix.braun,ou=Support,ou=people,dc=acme,dc=demo"));
			assertThat(felix.getAttributeValue("cn")).isEqualTo("Felix Braun");
			assertThat(members(ldap, "all-staff")).contains(felix.getParsedDN());
			assertThat(members(ldap, "support")).contains(felix.getParsedDN());
			assertThat(members(ldap, "engineering")).doesNotContain(felix.getParsedDN());
			// Grace Okafor: IT rejected her, so her accounts grant was never given
			await().atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofSeconds(1))
				.until(() -> "rejected".equals(runs("hana", "/v1/workflow-runs?q=Grace%20Okafor").get(0).path("status").asString()));
			assertThat(accounts(ldap, "grace.okafor@example.com")).as("the rejected joiner's account").isEmpty();
		}
	}

	/** Nils Berg's last day was yesterday: his leaver run disabled his account, and only then has he left. */
	@Test
	void theCompletedLeaversAccountIsDisabledInTheDemoDirectoryAndHeHasLeft() throws Exception {
		await().atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofSeconds(1)).until(() -> runs("hana",
				"/v1/workflow-runs?q=Nils%20Berg&definition=leaver").stream()
			.anyMatch(run -> "completed".equals(run.path("status").asString())));
		JsonNode leaver = runs("hana", "/v1/workflow-runs?q=Nils%20Berg&definition=leaver").get(0);
		String effects = "/v1/admin/provisioning/effects?runId=" + leaver.path("id").asString();
		await().atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> assertThat(
				array(api.get("ada", effects).body())).extracting(effect -> effect.path("operation").asString() + " "
						+ effect.path("status").asString()).containsExactly("disable applied", "delete scheduled"));
		String employee = "/v1/hr/employees/" + leaver.path("employeeId").asString();
		await().atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofSeconds(1)).until(() -> "left".equals(
				json.readTree(api.get("hana", employee).body()).path("status").asString()));
		String url = targetUrl();
		try (LDAPConnection ldap = new LDAPConnection("127.0.0.1", Integer.parseInt(url.substring(url.lastIndexOf(':') + 1)),
				"cn=admin,dc=acme,dc=demo", "demo")) {
			List<SearchResultEntry> nils = accounts(ldap, "nils.berg@example.com");
			assertThat(nils).as("Nils Berg's account").hasSize(1);
			DN disabled = new DN("uid=nils.berg,ou=disabled,dc=acme,dc=demo");
			assertThat(nils.get(0).getParsedDN()).isEqualTo(disabled);
			assertThat(nils.get(0).hasAttribute("userPassword")).isFalse();
			assertThat(members(ldap, "all-staff")).doesNotContain(disabled,
					new DN("uid=nils.berg,ou=Support,ou=people,dc=acme,dc=demo"));
			assertThat(members(ldap, "support")).doesNotContain(disabled,
					new DN("uid=nils.berg,ou=Support,ou=people,dc=acme,dc=demo"));
		}
	}

	@Test
	void theDemoDirectoryRefusesNoahBeckersAccountAsOneFailedEffect() throws Exception {
		await().atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofSeconds(1)).until(() -> !runs("hana",
				"/v1/workflow-runs?q=Noah%20Becker").isEmpty());
		List<JsonNode> noah = runs("hana", "/v1/workflow-runs?q=Noah%20Becker");
		assertThat(noah).hasSize(1);
		String path = "/v1/admin/provisioning/effects?runId=" + noah.get(0).path("id").asString();
		await().atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> assertThat(
				array(api.get("ada", path).body())).extracting(effect -> effect.path("status").asString()).containsExactly("failed"));
		JsonNode effect = array(api.get("ada", path).body()).get(0);
		assertThat(effect.path("attempts").asInt()).as("refused for good at once").isEqualTo(1);
		assertThat(effect.path("lastError").asString()).contains("unwilling to perform")
			.contains("noah.becker@example.com");
		String url = targetUrl();
		try (LDAPConnection ldap = new LDAPConnection("127.0.0.1", Integer.parseInt(url.substring(url.lastIndexOf(':') + 1)),
				"cn=admin,dc=acme,dc=demo", "demo")) {
			assertThat(accounts(ldap, "noah.becker@example.com")).isEmpty();
		}
		assertThat(runs("ada", "/v1/admin/outbox/dead-letters")).as("acme's dead letters").isEmpty();
	}

	/**
	 * The demo's access requests in every state agree with the demo directory: the approved packages
	 * (sara's VPN, ivan's finance share) are memberships of their groups, with their end scheduled as
	 * an undo from the approval on; the revoked one (ivan's payments), the expired one (sam's finance
	 * share), the rejected, cancelled and waiting ones are not; pia's VPN (she has no role) waits on ivan.
	 */
	@Test
	void theDemosAccessPackagesAreMembershipsOfTheDemoDirectoryWhileTheyAreHeld() throws Exception {
		await().atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofSeconds(1))
			.until(() -> array(api.get("sara", "/v1/me/access").body()).size() == 1);
		JsonNode vpn = array(api.get("sara", "/v1/me/access").body()).get(0);
		assertThat(vpn.path("packageKey").asString()).isEqualTo("vpn");
		String effects = "/v1/admin/provisioning/effects?runId=" + vpn.path("request").asString();
		await().atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> assertThat(
				array(api.get("ada", effects).body())).extracting(effect -> effect.path("operation").asString() + " "
						+ effect.path("status").asString()).containsExactly("ensure applied", "undo scheduled"));
		assertThat(array(api.get("ada", effects).body()).get(1).path("scheduledFor").asString())
			.isEqualTo(vpn.path("until").asString());
		DN sara = new DN("uid=sara,ou=people,dc=acme,dc=demo");
		DN ivan = new DN("uid=ivan,ou=people,dc=acme,dc=demo");
		DN sam = new DN("uid=sam,ou=people,dc=acme,dc=demo");
		DN hana = new DN("uid=hana,ou=people,dc=acme,dc=demo");
		String url = targetUrl();
		try (LDAPConnection ldap = new LDAPConnection("127.0.0.1", Integer.parseInt(url.substring(url.lastIndexOf(':') + 1)),
				"cn=admin,dc=acme,dc=demo", "demo")) {
			await().atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
				assertThat(members(ldap, "vpn")).as("the VPN's members").contains(sara).doesNotContain(hana);
				assertThat(members(ldap, "finance-share")).as("the finance share's members").contains(ivan)
					.doesNotContain(sam, hana);
				// sam was a member until his access expired: his account is there, out of the group
				assertThat(accounts(ldap, "sam@acme.example")).hasSize(1);
				// ivan's payments exception was granted, then revoked
				assertThat(accounts(ldap, "ivan@acme.example")).hasSize(1);
				assertThat(members(ldap, "payments-approvers")).doesNotContain(ivan);
				assertThat(members(ldap, "prod-read")).doesNotContain(sam);
			});
		}
		// pia, an employee without a role, asked for the VPN: it waits in ivan's inbox; the runs are not hers
		int port = ((WebServerApplicationContext) app).getWebServer().getPort();
		await().atMost(Duration.ofSeconds(300)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> assertThat(
				platform.testing.ConsoleSession.login(port, "ivan").get("/inbox").body()).contains("Pia Petersen", "VPN"));
		assertThat(api.get("pia", "/v1/me").body()).contains("\"roles\":[]");
		assertThat(api.get("pia", "/v1/workflow-runs").statusCode()).isEqualTo(403);
	}

	/** Where acme's target points: the demo directory, on the free port it was given. */
	private String targetUrl() {
		JsonNode targets = json.readTree(api.get("ada", "/v1/admin/provisioning/targets").body()).path("targets");
		assertThat(targets).hasSize(1);
		return targets.get(0).path("url").asString();
	}

	private static List<SearchResultEntry> accounts(LDAPConnection ldap, String mail) throws Exception {
		return ldap.search("dc=acme,dc=demo", SearchScope.SUB, Filter.createEqualityFilter("mail", mail)).getSearchEntries();
	}

	private static List<DN> members(LDAPConnection ldap, String group) throws Exception {
		String[] values = ldap.getEntry("cn=" + group + ",ou=groups,dc=acme,dc=demo", "member").getAttributeValues("member");
		List<DN> members = new java.util.ArrayList<>();
		for (String value : values) {
			members.add(new DN(value));
		}
		return members;
	}

	private List<JsonNode> array(String body) {
		return StreamSupport.stream(json.readTree(body).spliterator(), false).toList();
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
