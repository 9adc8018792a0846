package provisioning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.SearchResultEntry;

import platform.AppUser;
import platform.ExpectedVersion;
import platform.Role;
import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.MutableClock;
import provisioning.effects.DispatcherAtTime;
import provisioning.settings.Entitlement;
import provisioning.settings.EntitlementSettings;
import provisioning.settings.ProvisioningSettings;
import provisioning.settings.Target;
import provisioning.settings.TargetSettings;
import provisioning.testing.JoinerFixture;
import provisioning.testing.JoinerFixture.Hire;
import provisioning.testing.Slapd;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A joiner takes effect in a real OpenLDAP through the whole product: HR hires through the API,
 * the outbox starts the run on the real Temporal worker, the seeded approvers approve each stage
 * through the run API, IT's {@code accounts} grant reaches provisioning as a recorded grant change,
 * and the effect dispatcher writes slapd and reads it back. A reject after IT's approval
 * compensates the grant and the account is gone again; a transfer's mover run moves it to the new
 * department's OU with its memberships. While a test runs, acme's {@code accounts} and
 * {@code department_access} grants point at this class's slapd; afterwards acme's settings are what they were.
 */
@JmlHubIntegrationTest
class JoinerProvisioningEndToEndTests {

	static final Duration TIMEOUT = JoinerFixture.TIMEOUT;
	static final String TARGET = "joiner-e2e-ldap";
	static final AppUser ADA = new AppUser("ada", "acme", "Acme", "Ada Admin", Set.of(Role.ADMIN), Set.of(), true, "unused");

	static final int DELETE_AFTER_DAYS = 30;

	@RegisterExtension
	static final Slapd slapd = Slapd.forTestClass();

	@LocalServerPort
	int port;

	@Autowired
	ProvisioningSettings settings;

	@Autowired
	JsonMapper json;

	@Autowired
	ApplicationContext context;

	ApiClient api;

	JoinerFixture runs;

	List<Target> targetsBefore;

	List<Entitlement> entitlementsBefore;

	@BeforeEach
	void pointAccountsAtSlapd() {
		api = new ApiClient(port);
		runs = new JoinerFixture(api, json);
		TargetSettings targets = settings.targets("acme");
		EntitlementSettings entitlements = settings.entitlements("acme");
		targetsBefore = targets.targets();
		entitlementsBefore = entitlements.entitlements();
		List<Target> withSlapd = new ArrayList<>(targetsBefore.stream().filter(t -> !t.key().equals(TARGET)).toList());
		withSlapd.add(slapd.target(TARGET));
		settings.saveTargets(ADA, ExpectedVersion.of(null, targets.version()), withSlapd);
		// only this entitlement maps accounts: no other target of acme gets the grant meanwhile
		List<Entitlement> withAccounts = new ArrayList<>(entitlementsBefore.stream()
			.filter(e -> !e.grant().equals("accounts") && !e.grant().equals("department_access")
					&& !e.grant().equals("access_revocation"))
			.toList());
		withAccounts.add(new Entitlement("accounts", TARGET, "uid={username}", true, Map.of(),
				List.of(Slapd.GROUPS.get(0)), Map.of("Engineering", List.of(Slapd.GROUPS.get(1)))));
		// a mover's access change: the same account, in the new department's OU, with its group
		withAccounts.add(new Entitlement("department_access", TARGET, "uid={username}", true, Map.of(), List.of(),
				Map.of("Sales", List.of(Slapd.GROUPS.get(2)))));
		// a leaver's revocation: the accounts disabled at the end of the last day, deleted 30 days later
		withAccounts.add(Entitlement.revocation("access_revocation", TARGET, "ou=disabled", DELETE_AFTER_DAYS));
		settings.saveEntitlements(ADA, ExpectedVersion.of(null, entitlements.version()), withAccounts);
	}

	@AfterEach
	void restoreAcmesSettings() {
		// entitlements first: they must name existing targets; targets without a password keep their stored one
		settings.saveEntitlements(ADA, ExpectedVersion.of(null, settings.entitlements("acme").version()), entitlementsBefore);
		settings.saveTargets(ADA, ExpectedVersion.of(null, settings.targets("acme").version()), targetsBefore);
	}

	@Test
	void anApprovedJoinerHasItsAccountAndGroupsInTheDirectoryAndARejectAfterItsGrantRemovesThem() throws Exception {
		Hire approved = runs.hire("e2e", "Grace Joiner", inTwoWeeks());
		UUID run = runs.awaitRunOf(approved.id());
		runs.approve(run, "manager_approval", "manny");
		runs.approve(run, "it_access", "ivan");
		runs.approve(run, "security_approval", "sara", "sam");
		runs.awaitRunStatus(run, "completed");

		JsonNode ensure = awaitEffect(run, "ensure", "applied");
		DN dn = new DN("uid=" + approved.username() + ",ou=Engineering,ou=people," + Slapd.BASE);
		SearchResultEntry entry = slapd.entryByMail(approved.email());
		assertThat(entry).as("the account of %s", approved.email()).isNotNull();
		assertThat(new DN(entry.getDN())).isEqualTo(dn);
		assertThat(entry.getAttributeValue("cn")).isEqualTo("Grace Joiner");
		assertThat(entry.getAttributeValue("sn")).isEqualTo("Joiner");
		assertThat(entry.getAttributeValue("departmentNumber")).isEqualTo("Engineering");
		assertThat(slapd.members(Slapd.GROUPS.get(0))).contains(dn);
		assertThat(slapd.members(Slapd.GROUPS.get(1))).contains(dn);
		assertThat(slapd.members(Slapd.GROUPS.get(2))).doesNotContain(dn);

		assertThat(ensure.path("grant").asString()).isEqualTo("accounts");
		assertThat(ensure.path("target").asString()).isEqualTo(TARGET);
		assertThat(ensure.path("employeeId").asString()).isEqualTo(approved.id().toString());
		assertThat(ensure.path("attempts").asInt()).isEqualTo(1);
		JsonNode receipt = json.readTree(ensure.path("receipt").asString());
		assertThat(new DN(receipt.path("dn").asString())).isEqualTo(dn);
		assertThat(receipt.path("before").path("exists").asBoolean()).isFalse();
		assertThat(receipt.path("after").path("exists").asBoolean()).isTrue();
		assertThat(receipt.path("after").path("attributes").path("mail").asString()).isEqualTo(approved.email());
		List<DN> receiptGroups = new ArrayList<>();
		receipt.path("after").path("groups").forEach(group -> receiptGroups.add(dn(group.asString())));
		assertThat(receiptGroups).containsExactlyInAnyOrder(new DN(Slapd.GROUPS.get(0)), new DN(Slapd.GROUPS.get(1)));
		// HR sees the same account on the employee
		JsonNode accounts = runs.get("hana", "/v1/hr/employees/" + approved.id() + "/accounts");
		assertThat(accounts).hasSize(1);
		assertThat(accounts.get(0).path("status").asString()).isEqualTo("applied");
		assertThat(accounts.get(0).path("target").asString()).isEqualTo(TARGET);

		// a joiner rejected by security after IT granted its accounts: the grant is compensated in the directory
		Hire rejected = runs.hire("e2e", "Rex Rejected", inTwoWeeks());
		UUID rejectedRun = runs.awaitRunOf(rejected.id());
		runs.approve(rejectedRun, "manager_approval", "manny");
		runs.approve(rejectedRun, "it_access", "ivan");
		// the account exists once IT approved, before security decides
		JsonNode granted = awaitEffect(rejectedRun, "ensure", "applied");
		DN rejectedDn = new DN(json.readTree(granted.path("receipt").asString()).path("dn").asString());
		assertThat(slapd.entryByMail(rejected.email())).isNotNull();
		assertThat(slapd.members(Slapd.GROUPS.get(0))).contains(rejectedDn);
		String security = runs.awaitActiveStage(rejectedRun, "security_approval").path("id").asString();
		runs.act("sara", rejectedRun, "reject", security, "No background check on file");
		runs.awaitRunStatus(rejectedRun, "rejected");

		JsonNode undo = awaitEffect(rejectedRun, "undo", "applied");
		assertThat(slapd.entryByMail(rejected.email())).isNull();
		assertThat(slapd.members(Slapd.GROUPS.get(0))).doesNotContain(rejectedDn).contains(dn);
		assertThat(slapd.members(Slapd.GROUPS.get(1))).doesNotContain(rejectedDn).contains(dn);
		JsonNode undoReceipt = json.readTree(undo.path("receipt").asString());
		assertThat(undoReceipt.path("before").path("exists").asBoolean()).isTrue();
		assertThat(undoReceipt.path("after").path("exists").asBoolean()).isFalse();
		assertThat(effect(rejectedRun, "ensure").path("status").asString()).isEqualTo("undone");
		// the approved joiner's account is untouched
		assertThat(slapd.entryByMail(approved.email())).isNotNull();
	}

	@Test
	void anAccountGrantedBeforeTheStartDateIsCreatedDisabledAndEnabledOnThatDayAndARejectRemovesIt() throws Exception {
		enableAccountsOnStartDate();
		LocalDate start = LocalDate.now(ZoneOffset.UTC).plusDays(14);
		Instant startOfDay = start.atStartOfDay(ZoneOffset.UTC).toInstant();
		Hire hire = runs.hire("e2e", "Stella Starter", start);
		UUID run = runs.awaitRunOf(hire.id());
		runs.approve(run, "manager_approval", "manny");
		// IT sees that the account is created disabled and enabled on the start date
		runs.awaitActiveStage(run, "it_access");
		JsonNode step = runs.get("ivan", "/v1/workflow-runs/" + run).path("plan").get(0).path("steps").get(0);
		assertThat(step.path("operation").asString()).as("%s", step).isEqualTo("ensure");
		assertThat(step.path("enabledOn").asString()).isEqualTo(start.toString());
		assertThat(ConsoleSession.login(port, "ivan").get("/runs/" + run).body()).contains("plan-enabled-on",
				"created disabled, enabled on", start.toString());
		runs.approve(run, "it_access", "ivan");

		// approved before the start date: the entry exists, disabled (under ou=disabled, in no group, no password)
		JsonNode ensure = awaitEffect(run, "ensure", "applied");
		DN disabled = new DN("uid=" + hire.username() + ",ou=disabled," + Slapd.BASE);
		DN active = new DN("uid=" + hire.username() + ",ou=Engineering,ou=people," + Slapd.BASE);
		SearchResultEntry entry = slapd.entryByMail(hire.email());
		assertThat(new DN(entry.getDN())).isEqualTo(disabled);
		assertThat(entry.hasAttribute("userPassword")).isFalse();
		assertThat(entry.getAttributeValue("cn")).isEqualTo("Stella Starter");
		for (String group : Slapd.GROUPS) {
			assertThat(slapd.members(group)).doesNotContain(disabled, active);
		}
		assertThat(new DN(json.readTree(ensure.path("receipt").asString()).path("dn").asString())).isEqualTo(disabled);
		JsonNode enable = effect(run, "enable");
		assertThat(enable.path("status").asString()).as("%s", enable).isEqualTo("scheduled");
		assertThat(Instant.parse(enable.path("scheduledFor").asString())).isEqualTo(startOfDay);

		// a minute before the start date nothing changes; at 00:00 UTC of it the account is enabled
		MutableClock clock = new MutableClock(startOfDay.minusSeconds(60));
		DispatcherAtTime dispatcher = new DispatcherAtTime(context, clock);
		dispatcher.work();
		assertThat(effect(run, "enable").path("status").asString()).isEqualTo("scheduled");
		assertThat(new DN(slapd.entryByMail(hire.email()).getDN())).isEqualTo(disabled);
		clock.advance(Duration.ofMinutes(2));
		assertThat(dispatcher.work()).isPositive();
		JsonNode enabled = effect(run, "enable");
		assertThat(enabled.path("status").asString()).as("%s", enabled).isEqualTo("applied");
		assertThat(new DN(slapd.entryByMail(hire.email()).getDN())).isEqualTo(active);
		assertThat(slapd.members(Slapd.GROUPS.get(0))).contains(active);
		assertThat(slapd.members(Slapd.GROUPS.get(1))).contains(active);
		JsonNode receipt = json.readTree(enabled.path("receipt").asString());
		assertThat(new DN(receipt.path("dn").asString())).isEqualTo(active);
		assertThat(receipt.path("before").path("exists").asBoolean()).isTrue();
		assertThat(receipt.path("before").path("groups")).isEmpty();
		assertThat(receipt.path("after").path("groups")).hasSize(2);

		// rejected by security after IT's approval, before the start date: the disabled account goes, the enable never comes
		Hire rejected = runs.hire("e2e", "Rhea Rejected", start);
		UUID rejectedRun = runs.awaitRunOf(rejected.id());
		runs.approve(rejectedRun, "manager_approval", "manny");
		runs.approve(rejectedRun, "it_access", "ivan");
		awaitEffect(rejectedRun, "ensure", "applied");
		assertThat(new DN(slapd.entryByMail(rejected.email()).getDN()))
			.isEqualTo(new DN("uid=" + rejected.username() + ",ou=disabled," + Slapd.BASE));
		String security = runs.awaitActiveStage(rejectedRun, "security_approval").path("id").asString();
		runs.act("sara", rejectedRun, "reject", security, "No background check on file");
		runs.awaitRunStatus(rejectedRun, "rejected");
		awaitEffect(rejectedRun, "undo", "applied");
		assertThat(slapd.entryByMail(rejected.email())).isNull();
		assertThat(effect(rejectedRun, "enable").path("status").asString()).isEqualTo("skipped");
		assertThat(effect(rejectedRun, "ensure").path("status").asString()).isEqualTo("undone");
		// the start date comes: nothing is enabled, nothing comes back
		dispatcher.work();
		assertThat(slapd.entryByMail(rejected.email())).isNull();
		assertThat(new DN(slapd.entryByMail(hire.email()).getDN())).isEqualTo(active);
	}

	@Test
	void anAccountGrantedOnTheStartDateIsEnabledAtOnce() throws Exception {
		enableAccountsOnStartDate();
		Hire hire = runs.hire("e2e", "Tara Today", LocalDate.now(ZoneOffset.UTC));
		UUID run = runs.awaitRunOf(hire.id());
		runs.approve(run, "manager_approval", "manny");
		runs.awaitActiveStage(run, "it_access");
		JsonNode step = runs.get("ivan", "/v1/workflow-runs/" + run).path("plan").get(0).path("steps").get(0);
		assertThat(step.hasNonNull("enabledOn")).as("%s", step).isFalse();
		runs.approve(run, "it_access", "ivan");
		awaitEffect(run, "ensure", "applied");
		DN active = new DN("uid=" + hire.username() + ",ou=Engineering,ou=people," + Slapd.BASE);
		assertThat(new DN(slapd.entryByMail(hire.email()).getDN())).isEqualTo(active);
		assertThat(slapd.members(Slapd.GROUPS.get(0))).contains(active);
		assertThat(effect(run, "enable").path("status").isMissingNode()).isTrue();
	}

	/** acme's accounts entitlement on slapd, its accounts created disabled until the start date. */
	private void enableAccountsOnStartDate() {
		EntitlementSettings current = settings.entitlements("acme");
		List<Entitlement> changed = current.entitlements().stream()
			.map(e -> e.grant().equals("accounts") && e.target().equals(TARGET) ? e.enabledOnStartDate() : e)
			.toList();
		settings.saveEntitlements(ADA, ExpectedVersion.of(null, current.version()), changed);
	}

	@Test
	void aTransferApprovedThroughTheMoverRunMovesTheAccountAndItsAccessFollows() throws Exception {
		Hire hire = runs.hire("e2e", "Tess Transfer", inTwoWeeks());
		UUID joiner = runs.awaitRunOf(hire.id());
		runs.approve(joiner, "manager_approval", "manny");
		runs.approve(joiner, "it_access", "ivan");
		runs.approve(joiner, "security_approval", "sara", "sam");
		runs.awaitRunStatus(joiner, "completed");
		awaitEffect(joiner, "ensure", "applied");
		DN engineering = new DN("uid=" + hire.username() + ",ou=Engineering,ou=people," + Slapd.BASE);
		assertThat(slapd.members(Slapd.GROUPS.get(1))).contains(engineering);

		await().atMost(TIMEOUT).until(() -> "pending_start".equals(runs.get("hana", "/v1/hr/employees/" + hire.id())
			.path("status").asString()));
		HttpResponse<String> transferred = api.post("hana", "/v1/hr/employees/" + hire.id() + "/transfer",
				"{\"department\": \"Sales\", \"manager\": \"manny\", \"version\": %d}"
					.formatted(runs.get("hana", "/v1/hr/employees/" + hire.id()).path("version").asInt()));
		assertThat(transferred.statusCode()).as(transferred.body()).isEqualTo(200);
		await().atMost(TIMEOUT).until(() -> runs.get("hana", "/v1/workflow-runs?employeeId=" + hire.id()).get("items").size() == 2);
		UUID mover = UUID.fromString(runs.get("hana", "/v1/workflow-runs?employeeId=" + hire.id()).get("items").get(0)
			.path("id").asString());
		runs.approve(mover, "manager_approval", "manny");
		runs.approve(mover, "it_access_change", "ivan");
		runs.awaitRunStatus(mover, "completed");

		JsonNode moved = awaitEffect(mover, "ensure", "applied");
		DN sales = new DN("uid=" + hire.username() + ",ou=Sales,ou=people," + Slapd.BASE);
		assertThat(new DN(json.readTree(moved.path("receipt").asString()).path("dn").asString())).isEqualTo(sales);
		SearchResultEntry entry = slapd.entryByMail(hire.email());
		assertThat(new DN(entry.getDN())).isEqualTo(sales);
		assertThat(entry.getAttributeValue("departmentNumber")).isEqualTo("Sales");
		// the fixed group followed the account, the former department's group was left, the new one's added
		assertThat(slapd.members(Slapd.GROUPS.get(0))).contains(sales).doesNotContain(engineering);
		assertThat(slapd.members(Slapd.GROUPS.get(1))).doesNotContain(sales).doesNotContain(engineering);
		assertThat(slapd.members(Slapd.GROUPS.get(2))).contains(sales).doesNotContain(engineering);
		assertThat(runs.get("hana", "/v1/hr/employees/" + hire.id() + "/accounts")).hasSize(2)
			.allSatisfy(effect -> assertThat(effect.path("status").asString()).isEqualTo("applied"));
	}

	@Test
	void aLeaversAccountIsDisabledAtTheEndOfTheLastDayThenTheEmployeeHasLeftAndTheAccountIsDeletedLater()
			throws Exception {
		Hire hire = runs.hire("e2e", "Lea Leaver", inTwoWeeks());
		UUID joiner = runs.awaitRunOf(hire.id());
		runs.approve(joiner, "manager_approval", "manny");
		runs.approve(joiner, "it_access", "ivan");
		runs.approve(joiner, "security_approval", "sara", "sam");
		runs.awaitRunStatus(joiner, "completed");
		awaitEffect(joiner, "ensure", "applied");
		DN active = new DN("uid=" + hire.username() + ",ou=Engineering,ou=people," + Slapd.BASE);
		await().atMost(TIMEOUT).until(() -> "pending_start".equals(employee(hire).path("status").asString()));

		LocalDate lastDay = LocalDate.now(ZoneOffset.UTC).plusDays(20);
		Instant endOfLastDay = lastDay.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
		HttpResponse<String> offboarded = api.post("hana", "/v1/hr/employees/" + hire.id() + "/offboard",
				"{\"lastDay\": \"%s\", \"version\": %d}".formatted(lastDay, employee(hire).path("version").asInt()));
		assertThat(offboarded.statusCode()).as(offboarded.body()).isEqualTo(200);
		UUID leaver = runs.awaitRunOf(hire.id(), 2);
		runs.approve(leaver, "manager_confirmation", "manny");
		runs.awaitActiveStage(leaver, "it_revoke_access");
		// IT sees what the revocation will do: the account it holds, the groups it leaves
		JsonNode revocation = runs.get("ivan", "/v1/workflow-runs/" + leaver).path("plan").get(0).path("steps").get(0);
		assertThat(revocation.path("operation").asString()).as("%s", revocation).isEqualTo("disable");
		assertThat(new DN(revocation.path("dn").asString())).isEqualTo(active);
		assertThat(revocation.path("ou").asString()).isEqualTo("ou=disabled," + Slapd.BASE);
		assertThat(revocation.path("groupsToRemove").toString()).contains("cn=");
		runs.approve(leaver, "it_revoke_access", "ivan");
		runs.awaitRunStatus(leaver, "completed");

		// approved: the disable waits for the end of the last day; the account is still active
		JsonNode scheduled = awaitEffect(leaver, "disable", "scheduled");
		assertThat(Instant.parse(scheduled.path("scheduledFor").asString())).isEqualTo(endOfLastDay);
		await().atMost(TIMEOUT).until(() -> "access_ending".equals(employee(hire).path("status").asString()));
		MutableClock clock = new MutableClock(endOfLastDay.minusSeconds(60));
		DispatcherAtTime dispatcher = new DispatcherAtTime(context, clock);
		dispatcher.work();
		assertThat(effect(leaver, "disable").path("status").asString()).isEqualTo("scheduled");
		assertThat(new DN(slapd.entryByMail(hire.email()).getDN())).isEqualTo(active);
		assertThat(slapd.members(Slapd.GROUPS.get(0))).contains(active);

		// the last day is over: disabled (no groups, no password, under ou=disabled), and the employee has left
		clock.advance(Duration.ofMinutes(2));
		assertThat(dispatcher.work()).isPositive();
		JsonNode disabled = effect(leaver, "disable");
		assertThat(disabled.path("status").asString()).as("%s", disabled).isEqualTo("applied");
		DN gone = new DN("uid=" + hire.username() + ",ou=disabled," + Slapd.BASE);
		SearchResultEntry entry = slapd.entryByMail(hire.email());
		assertThat(new DN(entry.getDN())).isEqualTo(gone);
		assertThat(entry.hasAttribute("userPassword")).isFalse();
		assertThat(slapd.members(Slapd.GROUPS.get(0))).doesNotContain(active, gone);
		assertThat(slapd.members(Slapd.GROUPS.get(1))).doesNotContain(active, gone);
		JsonNode receipt = json.readTree(disabled.path("receipt").asString());
		assertThat(new DN(receipt.path("dn").asString())).isEqualTo(gone);
		assertThat(receipt.path("before").path("exists").asBoolean()).isTrue();
		await().atMost(TIMEOUT).until(() -> "left".equals(employee(hire).path("status").asString()));

		// the deletion is due 30 days after the disable applied, not a minute earlier
		JsonNode deletion = effect(leaver, "delete");
		Instant deleteAt = Instant.parse(deletion.path("scheduledFor").asString());
		assertThat(deleteAt).isEqualTo(clock.instant().plus(Duration.ofDays(DELETE_AFTER_DAYS)));
		clock.advance(Duration.ofDays(DELETE_AFTER_DAYS).minusMinutes(1));
		dispatcher.work();
		assertThat(effect(leaver, "delete").path("status").asString()).isEqualTo("scheduled");
		assertThat(slapd.entryByMail(hire.email())).isNotNull();
		clock.advance(Duration.ofMinutes(2));
		dispatcher.work();
		assertThat(effect(leaver, "delete").path("status").asString()).isEqualTo("applied");
		assertThat(slapd.entryByMail(hire.email())).isNull();
	}

	@Test
	void aTransferEffectiveLaterMovesTheAccountOnlyOnThatDay() throws Exception {
		Hire hire = runs.hire("e2e", "Max Later", inTwoWeeks());
		UUID joiner = runs.awaitRunOf(hire.id());
		runs.approve(joiner, "manager_approval", "manny");
		runs.approve(joiner, "it_access", "ivan");
		runs.approve(joiner, "security_approval", "sara", "sam");
		runs.awaitRunStatus(joiner, "completed");
		awaitEffect(joiner, "ensure", "applied");
		DN engineering = new DN("uid=" + hire.username() + ",ou=Engineering,ou=people," + Slapd.BASE);
		await().atMost(TIMEOUT).until(() -> "pending_start".equals(employee(hire).path("status").asString()));

		// a malformed date is a 400 problem and changes nothing
		int version = employee(hire).path("version").asInt();
		HttpResponse<String> malformed = api.post("hana", "/v1/hr/employees/" + hire.id() + "/transfer",
				"{\"department\": \"Sales\", \"effectiveDate\": \"2026-02-30\", \"version\": %d}".formatted(version));
		assertThat(malformed.statusCode()).as(malformed.body()).isEqualTo(400);
		assertThat(malformed.headers().firstValue("Content-Type")).hasValueSatisfying(
				type -> assertThat(type).startsWith("application/problem+json"));
		assertThat(employee(hire).path("version").asInt()).isEqualTo(version);
		assertThat(employee(hire).path("department").asString()).isEqualTo("Engineering");

		LocalDate effective = LocalDate.now(ZoneOffset.UTC).plusDays(10);
		Instant startOfEffective = effective.atStartOfDay(ZoneOffset.UTC).toInstant();
		HttpResponse<String> transferred = api.post("hana", "/v1/hr/employees/" + hire.id() + "/transfer",
				"{\"department\": \"Sales\", \"effectiveDate\": \"%s\", \"version\": %d}".formatted(effective, version));
		assertThat(transferred.statusCode()).as(transferred.body()).isEqualTo(200);
		UUID mover = runs.awaitRunOf(hire.id(), 2);
		runs.approve(mover, "manager_approval", "manny");
		runs.approve(mover, "it_access_change", "ivan");
		runs.awaitRunStatus(mover, "completed");

		JsonNode scheduled = awaitEffect(mover, "ensure", "scheduled");
		assertThat(Instant.parse(scheduled.path("scheduledFor").asString())).isEqualTo(startOfEffective);
		MutableClock clock = new MutableClock(startOfEffective.minusSeconds(60));
		DispatcherAtTime dispatcher = new DispatcherAtTime(context, clock);
		dispatcher.work();
		assertThat(effect(mover, "ensure").path("status").asString()).isEqualTo("scheduled");
		assertThat(new DN(slapd.entryByMail(hire.email()).getDN())).isEqualTo(engineering);
		assertThat(slapd.members(Slapd.GROUPS.get(2))).doesNotContain(engineering);

		clock.advance(Duration.ofMinutes(2));
		dispatcher.work();
		assertThat(effect(mover, "ensure").path("status").asString()).isEqualTo("applied");
		DN sales = new DN("uid=" + hire.username() + ",ou=Sales,ou=people," + Slapd.BASE);
		assertThat(new DN(slapd.entryByMail(hire.email()).getDN())).isEqualTo(sales);
		assertThat(slapd.members(Slapd.GROUPS.get(0))).contains(sales).doesNotContain(engineering);
		assertThat(slapd.members(Slapd.GROUPS.get(2))).contains(sales);
	}

	/**
	 * A transfer recorded before the joiner's start date, effective before it too: the mover's ensure
	 * finds the account the joiner's grant keeps disabled until the start date and keeps it so, with the
	 * new department's attributes; the start date enables that one account in the new department's OU
	 * with the new department's groups (the mover's entitlement has no start-date option of its own).
	 */
	@Test
	void aTransferBeforeTheStartDateKeepsTheOneAccountDisabledUntilThenAndItIsEnabledInTheNewDepartment()
			throws Exception {
		enableAccountsOnStartDate();
		LocalDate start = LocalDate.now(ZoneOffset.UTC).plusDays(14);
		Instant startOfDay = start.atStartOfDay(ZoneOffset.UTC).toInstant();
		Hire hire = runs.hire("e2e", "Early Mover", start);
		UUID joiner = runs.awaitRunOf(hire.id());
		runs.approve(joiner, "manager_approval", "manny");
		runs.approve(joiner, "it_access", "ivan");
		runs.approve(joiner, "security_approval", "sara", "sam");
		runs.awaitRunStatus(joiner, "completed");
		awaitEffect(joiner, "ensure", "applied");
		DN disabled = new DN("uid=" + hire.username() + ",ou=disabled," + Slapd.BASE);
		DN engineering = new DN("uid=" + hire.username() + ",ou=Engineering,ou=people," + Slapd.BASE);
		DN sales = new DN("uid=" + hire.username() + ",ou=Sales,ou=people," + Slapd.BASE);
		assertThat(new DN(slapd.entryByMail(hire.email()).getDN())).isEqualTo(disabled);
		await().atMost(TIMEOUT).until(() -> "pending_start".equals(employee(hire).path("status").asString()));

		LocalDate effective = LocalDate.now(ZoneOffset.UTC).plusDays(3);
		Instant startOfEffective = effective.atStartOfDay(ZoneOffset.UTC).toInstant();
		HttpResponse<String> transferred = api.post("hana", "/v1/hr/employees/" + hire.id() + "/transfer",
				"{\"department\": \"Sales\", \"effectiveDate\": \"%s\", \"version\": %d}".formatted(effective,
						employee(hire).path("version").asInt()));
		assertThat(transferred.statusCode()).as(transferred.body()).isEqualTo(200);
		UUID mover = runs.awaitRunOf(hire.id(), 2);
		runs.approve(mover, "manager_approval", "manny");
		// IT sees the account where it is kept, that it moves to Sales, and that it stays disabled until the start date
		runs.awaitActiveStage(mover, "it_access_change");
		JsonNode step = runs.get("ivan", "/v1/workflow-runs/" + mover).path("plan").get(0).path("steps").get(0);
		assertThat(step.path("operation").asString()).as("%s", step).isEqualTo("ensure");
		assertThat(new DN(step.path("dn").asString())).isEqualTo(sales);
		assertThat(step.path("entryExists").asBoolean()).isTrue();
		assertThat(new DN(step.path("foundAt").asString())).isEqualTo(disabled);
		assertThat(step.path("enabledOn").asString()).isEqualTo(start.toString());
		assertThat(step.path("groupsToAdd").toString()).contains(Slapd.GROUPS.get(2));
		assertThat(step.path("groupsToRemove")).isEmpty();
		assertThat(ConsoleSession.login(port, "ivan").get("/runs/" + mover).body()).contains("plan-enabled-on",
				"kept disabled, enabled on", start.toString());
		runs.approve(mover, "it_access_change", "ivan");
		runs.awaitRunStatus(mover, "completed");

		// on the effective date the mover's ensure applies to the one account, which stays disabled
		JsonNode scheduled = awaitEffect(mover, "ensure", "scheduled");
		assertThat(Instant.parse(scheduled.path("scheduledFor").asString())).isEqualTo(startOfEffective);
		MutableClock clock = new MutableClock(startOfEffective.plusSeconds(60));
		DispatcherAtTime dispatcher = new DispatcherAtTime(context, clock);
		assertThat(dispatcher.work()).isPositive();
		JsonNode moved = effect(mover, "ensure");
		assertThat(moved.path("status").asString()).as("%s", moved).isEqualTo("applied");
		List<SearchResultEntry> entries = slapd.entriesByMail(hire.email());
		assertThat(entries).extracting(entry -> dn(entry.getDN())).containsExactly(disabled);
		assertThat(entries.get(0).getAttributeValue("departmentNumber")).isEqualTo("Sales");
		assertThat(entries.get(0).hasAttribute("userPassword")).isFalse();
		for (String group : Slapd.GROUPS) {
			assertThat(slapd.members(group)).doesNotContain(disabled, engineering, sales);
		}
		JsonNode receipt = json.readTree(moved.path("receipt").asString());
		assertThat(new DN(receipt.path("dn").asString())).isEqualTo(disabled);
		assertThat(receipt.path("before").path("exists").asBoolean()).isTrue();
		assertThat(receipt.path("before").path("attributes").path("departmentNumber").asString()).isEqualTo("Engineering");
		assertThat(effect(mover, "enable").isEmpty()).as("the mover plans no enable of its own").isTrue();
		JsonNode enable = effect(joiner, "enable");
		assertThat(enable.path("status").asString()).as("%s", enable).isEqualTo("scheduled");
		assertThat(Instant.parse(enable.path("scheduledFor").asString())).isEqualTo(startOfDay);

		// not a minute before the start date: then the one account is enabled in Sales with Sales's groups
		clock.advance(Duration.between(clock.instant(), startOfDay.minusSeconds(60)));
		dispatcher.work();
		assertThat(effect(joiner, "enable").path("status").asString()).isEqualTo("scheduled");
		assertThat(slapd.entriesByMail(hire.email())).extracting(entry -> dn(entry.getDN())).containsExactly(disabled);
		clock.advance(Duration.ofMinutes(2));
		assertThat(dispatcher.work()).isPositive();
		JsonNode enabled = effect(joiner, "enable");
		assertThat(enabled.path("status").asString()).as("%s", enabled).isEqualTo("applied");
		entries = slapd.entriesByMail(hire.email());
		assertThat(entries).extracting(entry -> dn(entry.getDN())).containsExactly(sales);
		assertThat(entries.get(0).getAttributeValue("departmentNumber")).isEqualTo("Sales");
		assertThat(slapd.members(Slapd.GROUPS.get(0))).contains(sales).doesNotContain(disabled);
		assertThat(slapd.members(Slapd.GROUPS.get(1))).doesNotContain(sales, engineering, disabled);
		assertThat(slapd.members(Slapd.GROUPS.get(2))).contains(sales).doesNotContain(disabled);
		assertThat(new DN(json.readTree(enabled.path("receipt").asString()).path("dn").asString())).isEqualTo(sales);
	}

	/**
	 * A mover run rejected after the stage that granted the transfer's access (a mover definition with a
	 * security stage after IT's): the undo gives the account back as the joiner's grant made it, under
	 * Engineering's OU with Engineering's groups and out of Sales's, no membership naming the Sales DN left;
	 * it is neither deleted nor disabled (the mover's entitlement's undo says delete).
	 */
	@Test
	void undoingAMoversGrantGivesTheAccountBackItsFormerDepartmentsOuAndGroups() throws Exception {
		JsonNode definition = runs.get("ada", "/v1/admin/definitions/mover");
		saveMover(definition.path("version").asInt(), """
				[{"name":"manager_approval","title":"Manager approval","kind":"approval","assignee":"employee_manager","slaHours":24},
				 {"name":"it_access_change","title":"IT access change","kind":"approval","assignee":"it","grants":["department_access"],"slaHours":24},
				 {"name":"security_approval","title":"Security approval","kind":"approval","assignee":"security","slaHours":48},
				 {"name":"notify_hr","title":"Notify HR","kind":"notify","assignee":"hr"}]""");
		try {
			Hire hire = runs.hire("e2e", "Rhonda Returned", inTwoWeeks());
			UUID joiner = runs.awaitRunOf(hire.id());
			runs.approve(joiner, "manager_approval", "manny");
			runs.approve(joiner, "it_access", "ivan");
			runs.approve(joiner, "security_approval", "sara", "sam");
			runs.awaitRunStatus(joiner, "completed");
			awaitEffect(joiner, "ensure", "applied");
			DN engineering = new DN("uid=" + hire.username() + ",ou=Engineering,ou=people," + Slapd.BASE);
			DN sales = new DN("uid=" + hire.username() + ",ou=Sales,ou=people," + Slapd.BASE);
			await().atMost(TIMEOUT).until(() -> "pending_start".equals(employee(hire).path("status").asString()));

			HttpResponse<String> transferred = api.post("hana", "/v1/hr/employees/" + hire.id() + "/transfer",
					"{\"department\": \"Sales\", \"version\": %d}".formatted(employee(hire).path("version").asInt()));
			assertThat(transferred.statusCode()).as(transferred.body()).isEqualTo(200);
			UUID mover = runs.awaitRunOf(hire.id(), 2);
			runs.approve(mover, "manager_approval", "manny");
			runs.awaitActiveStage(mover, "it_access_change");
			JsonNode step = runs.get("ivan", "/v1/workflow-runs/" + mover).path("plan").get(0).path("steps").get(0);
			assertThat(new DN(step.path("dn").asString())).as("%s", step).isEqualTo(sales);
			assertThat(new DN(step.path("foundAt").asString())).isEqualTo(engineering);
			assertThat(step.path("groupsToRemove").toString()).contains(Slapd.GROUPS.get(1));
			assertThat(step.hasNonNull("enabledOn")).isFalse();
			runs.approve(mover, "it_access_change", "ivan");
			awaitEffect(mover, "ensure", "applied");
			assertThat(slapd.entriesByMail(hire.email())).extracting(entry -> dn(entry.getDN())).containsExactly(sales);
			assertThat(slapd.members(Slapd.GROUPS.get(1))).doesNotContain(sales, engineering);
			assertThat(slapd.members(Slapd.GROUPS.get(2))).contains(sales);

			String security = runs.awaitActiveStage(mover, "security_approval").path("id").asString();
			runs.act("sara", mover, "reject", security, "The transfer was entered by mistake");
			runs.awaitRunStatus(mover, "rejected");
			JsonNode undo = awaitEffect(mover, "undo", "applied");
			List<SearchResultEntry> entries = slapd.entriesByMail(hire.email());
			assertThat(entries).extracting(entry -> dn(entry.getDN())).containsExactly(engineering);
			assertThat(entries.get(0).getAttributeValue("departmentNumber")).isEqualTo("Engineering");
			assertThat(slapd.members(Slapd.GROUPS.get(0))).contains(engineering);
			assertThat(slapd.members(Slapd.GROUPS.get(1))).contains(engineering);
			assertThat(slapd.members(Slapd.GROUPS.get(2))).doesNotContain(engineering);
			for (String group : Slapd.GROUPS) {
				assertThat(slapd.members(group)).as("members of %s", group).doesNotContain(sales);
			}
			JsonNode receipt = json.readTree(undo.path("receipt").asString());
			assertThat(new DN(receipt.path("dn").asString())).isEqualTo(engineering);
			assertThat(receipt.path("restored").asBoolean()).isTrue();
			assertThat(receipt.path("after").path("exists").asBoolean()).isTrue();
			assertThat(effect(mover, "ensure").path("status").asString()).isEqualTo("undone");
			assertThat(effect(joiner, "ensure").path("status").asString()).isEqualTo("applied");

			// the run API and the run page show the effects as usual
			JsonNode shown = runs.get("hana", "/v1/workflow-runs/" + mover).path("effects");
			assertThat(shown).extracting(effect -> effect.path("operation").asString() + ":" + effect.path("status").asString())
				.containsExactly("ensure:undone", "undo:applied");
			assertThat(new DN(shown.get(1).path("receipt").path("dn").asString())).isEqualTo(engineering);
			String page = ConsoleSession.login(port, "ivan").get("/runs/" + mover).body();
			assertThat(page).contains("effect-list", "undone", "ou=Engineering,ou=people");
			// HR's view of the employee's accounts shows the transfer's grant taken back
			assertThat(runs.get("hana", "/v1/hr/employees/" + hire.id() + "/accounts").toString()).contains("undone");
		}
		finally {
			saveMover(runs.get("ada", "/v1/admin/definitions/mover").path("version").asInt(), stagesOf(definition));
		}
	}

	private void saveMover(int version, String stages) {
		HttpResponse<String> saved = api.send("ada", "PUT", "/v1/admin/definitions/mover",
				"{\"version\": %d, \"stages\": %s}".formatted(version, stages));
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
	}

	/** The stages of {@code definition} (as the API shows it) as an edit saves them. */
	private String stagesOf(JsonNode definition) {
		List<Map<String, Object>> stages = new ArrayList<>();
		definition.path("stages").forEach(stage -> {
			Map<String, Object> edit = new java.util.LinkedHashMap<>();
			for (String field : List.of("name", "title", "kind", "assignee", "requiredApprovals", "slaHours", "grants",
					"distinctFrom")) {
				if (stage.hasNonNull(field)) {
					edit.put(field, stage.get(field));
				}
			}
			stages.add(edit);
		});
		return json.writeValueAsString(stages);
	}

	private static LocalDate inTwoWeeks() {
		return LocalDate.now(ZoneOffset.UTC).plusDays(14);
	}

	private JsonNode employee(Hire hire) {
		return runs.get("hana", "/v1/hr/employees/" + hire.id());
	}

	/** The run's only effect of {@code operation} as the admin API shows it, or a missing node. */
	private JsonNode effect(UUID run, String operation) {
		List<JsonNode> matching = new ArrayList<>();
		runs.get("ada", "/v1/admin/provisioning/effects?runId=" + run).forEach(effect -> {
			if (effect.path("operation").asString().equals(operation)) {
				matching.add(effect);
			}
		});
		assertThat(matching).as("%s effects of run %s", operation, run).hasSizeLessThanOrEqualTo(1);
		return matching.isEmpty() ? json.createObjectNode() : matching.get(0);
	}

	private JsonNode awaitEffect(UUID run, String operation, String status) {
		AtomicReference<JsonNode> effect = new AtomicReference<>();
		await().atMost(TIMEOUT).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
			effect.set(effect(run, operation));
			assertThat(effect.get().path("status").asString()).as("%s", effect.get()).isEqualTo(status);
		});
		return effect.get();
	}

	private static DN dn(String value) {
		try {
			return new DN(value);
		}
		catch (com.unboundid.ldap.sdk.LDAPException invalid) {
			throw new AssertionError("not a DN: " + value, invalid);
		}
	}
}
