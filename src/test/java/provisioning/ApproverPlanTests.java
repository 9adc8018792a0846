package provisioning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.Modification;
import com.unboundid.ldap.sdk.ModificationType;

import platform.AppUser;
import platform.ExpectedVersion;
import platform.Role;
import platform.TenantTransactions;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import provisioning.settings.Entitlement;
import provisioning.settings.ProvisioningSettings;
import provisioning.settings.Target;
import provisioning.testing.JoinerFixture;
import provisioning.testing.JoinerFixture.Hire;
import provisioning.testing.Slapd;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The approver sees the plan: on IT's decision page of a joiner and in the run API's {@code plan},
 * the {@code accounts} grant made concrete against a real slapd as it is now (the DN, the OU, the
 * attributes to set, the groups to add, what exists); a directory that does not answer still lets
 * the page render, within a few seconds, saying why the plan could not be read; a grant no
 * entitlement maps says it changes nothing in the directory. acme's settings are restored after
 * each test.
 */
@JmlHubIntegrationTest
class ApproverPlanTests {

	static final Duration TIMEOUT = JoinerFixture.TIMEOUT;
	static final AppUser ADA = new AppUser("ada", "acme", "Acme", "Ada Admin", Set.of(Role.ADMIN), Set.of(), true, "unused");
	static final String TARGET = "plan-ldap";
	static final String SILENT = "plan-silent";

	@RegisterExtension
	static final Slapd slapd = Slapd.forTestClass();

	/** A directory that takes connections and never answers: the plan must not wait for it. */
	static ServerSocket silent;

	@LocalServerPort
	int port;

	@Autowired
	ProvisioningSettings settings;

	@Autowired
	JsonMapper json;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	ApiClient api;

	JoinerFixture runs;

	List<Target> targetsBefore;

	List<Entitlement> entitlementsBefore;

	/** How many connections the silent directory took: each plan on it opens one. */
	static final AtomicInteger asked = new AtomicInteger();

	static final List<Socket> held = new CopyOnWriteArrayList<>();

	@BeforeAll
	static void startTheSilentDirectory() throws Exception {
		silent = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
		Thread accepting = new Thread(() -> {
			while (!silent.isClosed()) {
				try {
					held.add(silent.accept());
					asked.incrementAndGet();
				}
				catch (IOException closed) {
					return;
				}
			}
		}, "silent-directory");
		accepting.setDaemon(true);
		accepting.start();
	}

	@AfterAll
	static void stopTheSilentDirectory() throws Exception {
		silent.close();
		for (Socket socket : held) {
			socket.close();
		}
	}

	@BeforeEach
	void addTheTargets() {
		api = new ApiClient(port);
		runs = new JoinerFixture(api, json);
		targetsBefore = settings.targets("acme").targets();
		entitlementsBefore = settings.entitlements("acme").entitlements();
		List<Target> targets = new ArrayList<>(targetsBefore.stream()
			.filter(t -> !t.key().equals(TARGET) && !t.key().equals(SILENT))
			.toList());
		targets.add(slapd.target(TARGET));
		targets.add(new Target(SILENT, "ldap://127.0.0.1:" + silent.getLocalPort(), Slapd.ADMIN, Slapd.PASSWORD, null,
				Slapd.BASE, "ou=people", Target.OPENLDAP));
		settings.saveTargets(ADA, ExpectedVersion.of(null, settings.targets("acme").version()), targets);
	}

	@AfterEach
	void restoreAcmesSettings() {
		settings.saveEntitlements(ADA, ExpectedVersion.of(null, settings.entitlements("acme").version()), entitlementsBefore);
		settings.saveTargets(ADA, ExpectedVersion.of(null, settings.targets("acme").version()), targetsBefore);
	}

	@Test
	void itsDecisionPageAndTheRunApiShowTheAccountToCreateAndThenWhatAlreadyExists() throws Exception {
		mapAccountsTo(TARGET);
		Hire hire = hire("Paula Planned");
		UUID run = atItsDecision(hire);
		String dn = "uid=" + hire.username() + ",ou=Engineering,ou=people," + Slapd.BASE;

		JsonNode step = onlyStep(plan(run));
		assertThat(step.path("target").asString()).isEqualTo(TARGET);
		assertThat(step.path("profile").asString()).isEqualTo("openldap");
		assertThat(step.path("operation").asString()).isEqualTo("ensure");
		assertThat(step.path("dn").asString()).isEqualTo(dn);
		assertThat(step.path("ou").asString()).isEqualTo("ou=Engineering,ou=people," + Slapd.BASE);
		assertThat(step.path("entryExists").asBoolean()).isFalse();
		assertThat(step.path("attributesToSet").path("mail").asString()).isEqualTo(hire.email());
		assertThat(step.path("attributesToSet").path("cn").asString()).isEqualTo("Paula Planned");
		assertThat(strings(step.path("groupsToAdd"))).containsExactly(Slapd.GROUPS.get(0), Slapd.GROUPS.get(1));
		assertThat(strings(step.path("groupsHeld"))).isEmpty();
		assertThat(step.hasNonNull("error")).isFalse();
		String page = decisionPage(run);
		assertThat(page).contains("id=\"stage-plan\"", dn, "new: it is created", Slapd.GROUPS.get(1), hire.email());

		// the account is there already, in the staff group, with another title: the plan says what is left to do
		try (LDAPConnection ldap = slapd.connect()) {
			ldap.add(new Entry("ou=Engineering,ou=people," + Slapd.BASE, new Attribute("objectClass", "top", "organizationalUnit"),
					new Attribute("ou", "Engineering")));
			ldap.add(new Entry(dn, new Attribute("objectClass", "top", "person", "organizationalPerson", "inetOrgPerson"),
					new Attribute("uid", hire.username()), new Attribute("cn", "Paula Planned"), new Attribute("sn", "Planned"),
					new Attribute("mail", hire.email())));
			ldap.modify(Slapd.GROUPS.get(0), new Modification(ModificationType.ADD, "member", dn));
		}
		JsonNode existing = onlyStep(plan(run));
		assertThat(existing.path("entryExists").asBoolean()).isTrue();
		assertThat(strings(existing.path("groupsHeld"))).containsExactly(Slapd.GROUPS.get(0));
		assertThat(strings(existing.path("groupsToAdd"))).containsExactly(Slapd.GROUPS.get(1));
		assertThat(existing.path("attributesToSet").has("mail")).isFalse();
		assertThat(existing.path("attributesToSet").path("departmentNumber").asString()).isEqualTo("Engineering");
		String updated = decisionPage(run);
		assertThat(updated).contains("exists: it is updated");
		assertThat(section(updated, "plan-groups-held")).contains(Slapd.GROUPS.get(0));
		assertThat(section(updated, "plan-groups-add")).contains(Slapd.GROUPS.get(1)).doesNotContain(Slapd.GROUPS.get(0));
	}

	@Test
	void aDirectoryThatDoesNotAnswerLeavesThePageRenderingWithTheReasonAndAnUnmappedGrantChangesNothing() throws Exception {
		mapAccountsTo(SILENT);
		Hire hire = hire("Sid Silent");
		UUID run = atItsDecision(hire);

		ConsoleSession ivan = ConsoleSession.login(port, "ivan");
		long started = System.nanoTime();
		HttpResponse<String> page = ivan.get("/runs/" + run);
		Duration took = Duration.ofNanos(System.nanoTime() - started);
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(took).as("the page waited for the silent directory").isLessThan(Duration.ofSeconds(6));
		assertThat(page.body()).contains("id=\"stage-plan\"", "could not be read", "ldap://127.0.0.1:" + silent.getLocalPort())
			.doesNotContain("Exception", "at provisioning.");
		JsonNode step = onlyStep(plan(run));
		assertThat(step.path("target").asString()).isEqualTo(SILENT);
		assertThat(step.path("error").asString()).contains("127.0.0.1:" + silent.getLocalPort());
		assertThat(step.hasNonNull("dn")).isFalse();

		mapAccountsTo(null);
		JsonNode unmapped = plan(run).get(0);
		assertThat(unmapped.path("grant").asString()).isEqualTo("accounts");
		assertThat(unmapped.path("mapped").asBoolean()).isFalse();
		assertThat(unmapped.path("steps")).isEmpty();
		assertThat(decisionPage(run)).contains("No directory change");
	}

	/**
	 * While IT's decision is on its way to the workflow, the run's panel polls every second: those
	 * polls answer without asking the directory for the plan (here one that never answers, which
	 * would hold each for about 2 s), and say the plan comes once the workflow applied the decision.
	 */
	@Test
	void aPollWhileTheWorkflowCatchesUpDoesNotAskTheDirectory() throws Exception {
		mapAccountsTo(SILENT);
		Hire hire = hire("Polly Poll");
		UUID run = atItsDecision(hire);
		String stage = runs.awaitActiveStage(run, "it_access").path("id").asString();
		int before = asked.get();
		assertThat(decisionPage(run)).contains("id=\"stage-plan\"", "could not be read");
		await().atMost(TIMEOUT).until(() -> asked.get() > before);

		// ivan's approval is recorded and sent; the workflow has not applied it yet
		transactions.runInTenant("acme", () -> jdbc.sql("""
				INSERT INTO workflow_actions (id, tenant_id, run_id, stage_id, actor, action, idempotency_key, signal_sent_at)
				VALUES (:id, 'acme', :run, :stage, 'ivan', 'approve', :key, now())""")
			.param("id", UUID.randomUUID())
			.param("run", run)
			.param("stage", UUID.fromString(stage))
			.param("key", UUID.randomUUID().toString())
			.update());
		int polled = asked.get();
		ConsoleSession ivan = ConsoleSession.login(port, "ivan");
		for (int poll = 0; poll < 3; poll++) {
			long started = System.nanoTime();
			HttpResponse<String> panel = ivan.get("/runs/" + run + "/panel");
			Duration took = Duration.ofNanos(System.nanoTime() - started);
			assertThat(panel.statusCode()).isEqualTo(200);
			assertThat(panel.body()).contains("data-waiting=\"true\"", "id=\"stage-plan-pending\"")
				.doesNotContain("id=\"stage-plan\"", "could not be read");
			assertThat(took).as("a poll waited for the directory").isLessThan(Duration.ofMillis(1500));
		}
		assertThat(runs.get("ivan", "/v1/workflow-runs/" + run).path("plan")).isEmpty();
		// a connection the polls had opened would have been taken by now
		Thread.sleep(500);
		assertThat(asked.get()).as("connections to the directory during the polls").isEqualTo(polled);
	}

	/** The accounts grant on {@code target} only (none: on no target). */
	private void mapAccountsTo(String target) {
		List<Entitlement> entitlements = new ArrayList<>(entitlementsBefore.stream()
			.filter(e -> !e.grant().equals("accounts"))
			.toList());
		if (target != null) {
			entitlements.add(new Entitlement("accounts", target, "uid={username}", true, Map.of(), List.of(Slapd.GROUPS.get(0)),
					Map.of("Engineering", List.of(Slapd.GROUPS.get(1)))));
		}
		settings.saveEntitlements(ADA, ExpectedVersion.of(null, settings.entitlements("acme").version()), entitlements);
	}

	/** The joiner's run, its manager's approval given: IT's stage, which grants accounts, is open. */
	private UUID atItsDecision(Hire hire) {
		UUID run = runs.awaitRunOf(hire.id());
		runs.approve(run, "manager_approval", "manny");
		runs.awaitActiveStage(run, "it_access");
		return run;
	}

	private Hire hire(String name) {
		return runs.hire("plan", name, LocalDate.now(ZoneOffset.UTC).plusDays(14));
	}

	private JsonNode plan(UUID run) {
		JsonNode plan = runs.get("ivan", "/v1/workflow-runs/" + run).path("plan");
		assertThat(plan.size()).as("%s", plan).isEqualTo(1);
		return plan;
	}

	private static JsonNode onlyStep(JsonNode plan) {
		assertThat(plan.get(0).path("grant").asString()).isEqualTo("accounts");
		assertThat(plan.get(0).path("mapped").asBoolean()).isTrue();
		assertThat(plan.get(0).path("steps").size()).as("%s", plan).isEqualTo(1);
		return plan.get(0).path("steps").get(0);
	}

	private String decisionPage(UUID run) {
		HttpResponse<String> page = ConsoleSession.login(port, "ivan").get("/runs/" + run);
		assertThat(page.statusCode()).isEqualTo(200);
		return page.body();
	}

	/** The element of {@code page} with class {@code name}, up to its closing tag. */
	private static String section(String page, String name) {
		int start = page.indexOf(name);
		assertThat(start).as("%s on the page", name).isNotNegative();
		return page.substring(start, page.indexOf("</dd>", start));
	}

	private static List<String> strings(JsonNode array) {
		List<String> values = new ArrayList<>();
		array.forEach(value -> values.add(value.asString()));
		return values;
	}
}
