package workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import outbox.OutboxPublisher;
import platform.ConsoleTime;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * People's words: the main console pages of the demo data, as each persona sees them, show no
 * stage, grant or role key and no API field name in their visible text (attributes, the
 * username on hover included, are for machines and may keep them), and the employees list
 * shows managers by display name.
 */
@JmlHubIntegrationTest
class ConsoleWordsTests {

	/** Keys and field names a person must never read. */
	private static final List<String> RAW = List.of("manager_approval", "it_access", "security_approval", "notify_hr",
			"employee_manager", "department_access", "access_revocation", "allowBackdated", "mappings[", "startDate");

	private static final Pattern HIDDEN = Pattern.compile("(?is)<script.*?</script>|<style.*?</style>|<!--.*?-->");

	private static final Pattern TAG = Pattern.compile("(?s)<[^>]*>");

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	ConsoleTime times;

	/** What a person reads of a page: its text without tags, attributes, scripts and comments. */
	static String visibleText(String html) {
		String text = TAG.matcher(HIDDEN.matcher(html).replaceAll(" ")).replaceAll(" ");
		return text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
			.replace("&#39;", "'").replaceAll("\\s+", " ");
	}

	@Test
	void theMainPagesSpeakInPeoplesWords() {
		ApiClient api = new ApiClient(port);
		RunScenario scenario = new RunScenario(api, json, transactions, outbox);
		String tag = UUID.randomUUID().toString().substring(0, 6);
		HttpResponse<String> hired = api.post("hana", "/v1/hr/employees", """
				{"displayName":"Word Person %s","email":"words-%s@acme.example","department":"Engineering","manager":"manny","startDate":"%s"}"""
			.formatted(tag, tag, LocalDate.now()));
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		UUID employeeId = UUID.fromString(json.readTree(hired.body()).get("id").asString());
		UUID rejected = scenario.awaitRunOf(employeeId);
		scenario.approve(rejected, "manager_approval", "manny");
		scenario.approve(rejected, "it_access", "ivan");
		String security = RunScenario.id(scenario.awaitActiveStage(rejected, "security_approval"));
		scenario.accepted("sara", rejected, "reject", security, "No clearance");
		JsonNode ended = scenario.awaitStatus(rejected, "rejected");
		assertThat(ended.get("statusReason").asString()).isEqualTo("rejected at Security approval");
		UUID returned = scenario.startJoiner("Returned Words " + tag, "manny");
		scenario.accepted("manny", returned, "return", RunScenario.id(scenario.awaitActiveStage(returned, "manager_approval")),
				"Wrong department");
		scenario.awaitStatus(returned, "returned");
		UUID open = scenario.startJoiner("Open Words " + tag, "manny");
		// HR's employee page reads the run's outcome once HR has heard it
		await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
				ConsoleSession.login(port, "hana").get("/hr/employees/" + employeeId).body()).contains("Security approval"));

		Map<String, List<String>> pages = new LinkedHashMap<>();
		pages.put("hana", List.of("/runs", "/runs/" + rejected, "/runs/" + returned, "/work", "/hr/employees",
				"/hr/employees/" + employeeId, "/hr/employees/new"));
		pages.put("manny", List.of("/inbox", "/runs/" + open, "/runs?mine=true"));
		pages.put("sara", List.of("/inbox", "/runs/" + rejected));
		pages.put("ada", List.of("/runs", "/runs/" + rejected, "/admin/attention", "/admin/outbox/dead-letters", "/admin/insights",
				"/admin/directory"));
		pages.forEach((user, paths) -> {
			ConsoleSession session = ConsoleSession.login(port, user);
			for (String path : paths) {
				HttpResponse<String> page = session.get(path);
				assertThat(page.statusCode()).as(user + " " + path).isEqualTo(200);
				String text = visibleText(page.body());
				assertThat(RAW).as(user + " " + path + " shows a key").noneMatch(text::contains);
			}
		});

		// grants by title, people by name (the username on hover)
		String run = ConsoleSession.login(port, "hana").get("/runs/" + rejected).body();
		assertThat(visibleText(run)).contains("User accounts", "rejected at Security approval");
		String employees = ConsoleSession.login(port, "hana").get("/hr/employees?q=Word+Person+" + tag).body();
		assertThat(employees).contains("title=\"manny\"");
		assertThat(visibleText(employees)).contains("Manny Mendes").doesNotContainPattern("\\bmanny\\b");

		// a form's errors: what to do, in the form's words
		ConsoleSession hana = ConsoleSession.login(port, "hana");
		hana.get("/hr/employees/new");
		HttpResponse<String> backdated = hana.post("/hr/employees", Map.of("displayName", "Past Person " + tag,
				"email", "past-" + tag + "@acme.example", "department", "Sales", "startDate",
				LocalDate.now().minusDays(3).toString()));
		assertThat(backdated.statusCode()).isEqualTo(200);
		assertThat(visibleText(backdated.body())).contains("tick “Allow a start date in the past” to hire anyway")
			.doesNotContain("allowBackdated");
		// an offboarding before the start: its date written the one way every page writes dates
		LocalDate start = LocalDate.now().plusDays(10);
		HttpResponse<String> leaver = api.post("hana", "/v1/hr/employees", """
				{"displayName":"Early Leaver %s","email":"early-%s@acme.example","department":"Sales","startDate":"%s"}"""
			.formatted(tag, tag, start));
		assertThat(leaver.statusCode()).as(leaver.body()).isEqualTo(201);
		String leaverId = json.readTree(leaver.body()).get("id").asString();
		String employeePage = hana.get("/hr/employees/" + leaverId).body();
		java.util.regex.Matcher input = Pattern.compile("<input[^>]*id=\"offboard-version\"[^>]*>").matcher(employeePage);
		assertThat(input.find()).as(employeePage).isTrue();
		String version = input.group().replaceAll(".*value=\"(\\d+)\".*", "$1");
		HttpResponse<String> early = hana.post("/hr/employees/" + leaverId + "/offboard",
				Map.of("lastDay", start.minusDays(5).toString(), "version", version));
		assertThat(visibleText(early.body())).contains("must not be before the start date " + times.date(start))
			.doesNotContain(start.toString());
	}
}
