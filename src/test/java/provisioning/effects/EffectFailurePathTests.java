package provisioning.effects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;

import com.unboundid.ldap.sdk.DN;

import io.micrometer.core.instrument.MeterRegistry;
import outbox.OutboxPublisher;
import outbox.catalog.GrantRecorded;
import outbox.catalog.GrantState;
import outbox.catalog.RunDefinition;
import platform.AppUser;
import platform.ExpectedVersion;
import platform.OutageLog;
import platform.Role;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.MutableClock;
import platform.testing.TestTenants;
import provisioning.ldap.LdapDirectory;
import provisioning.settings.Entitlement;
import provisioning.settings.ProvisioningSettings;
import provisioning.testing.DelayingProxy;
import provisioning.testing.Slapd;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The dispatcher's failure paths against a real slapd: a slow directory of one tenant does not
 * hold up another's, a worker killed between the directory's write and the receipt repeats
 * nothing, a directory down for two minutes leaves the effect pending and visible and then
 * applies it once, and an entitlement removed between a grant and its undo still has the access
 * taken back. Each test works a tenant of its own with a dispatcher of its own on a clock far
 * ahead of the system's: its effects are due only for that dispatcher, never for the test
 * context's.
 */
@JmlHubIntegrationTest
class EffectFailurePathTests {

	@RegisterExtension
	static final Slapd slapd = Slapd.forTestClass();

	@Autowired
	private OutboxPublisher outbox;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	EffectRepository effects;

	@Autowired
	ProvisioningSettings settings;

	@Autowired
	LdapDirectory directory;

	@Autowired
	JsonMapper json;

	@Autowired
	MeterRegistry meters;

	@Autowired
	Environment environment;

	final List<String> tenants = new ArrayList<>();
	final String label = "access-" + UUID.randomUUID().toString().substring(0, 8);
	String tenant;

	@BeforeEach
	void tenant() {
		tenant = newTenant();
	}

	/** What a test left unsettled is failed, so no later test's clock finds it due. */
	@AfterEach
	void settleLeftovers() {
		for (String id : tenants) {
			transactions.runInTenant(id, () -> jdbc.sql("""
					UPDATE provisioning_effects SET status = 'failed', claim_token = NULL, lease_until = NULL
					WHERE status IN ('planned', 'scheduled', 'applying')""").update());
		}
	}

	@Test
	void aSlowDirectoryOfOneTenantDoesNotHoldUpAnotherTenantsEffects() throws Exception {
		String slow = tenant;
		String fast = newTenant();
		Clock clock = Clock.offset(Clock.systemUTC(), Duration.ofDays(200));
		try (DelayingProxy proxy = DelayingProxy.to(slapd.port(), Duration.ofSeconds(1))) {
			configure(slow, proxy.url(), entitlement(label, List.of(Slapd.GROUPS.get(0)), Entitlement.DELETE));
			configure(fast, slapd.url(), entitlement(label, List.of(Slapd.GROUPS.get(0)), Entitlement.DELETE));
			// 3 threads, 2 of them at most for one tenant, batches of 2: the slow tenant's 4 effects fill its 2 lanes
			EffectDispatcher dispatcher = dispatcher(clock, 3, 2, 2);
			EffectPlanner planner = planner(clock, dispatcher);
			dispatcher.start();
			try {
				List<Grant> slowGrants = new ArrayList<>();
				for (int i = 0; i < 4; i++) {
					Grant grant = grant("Sloane Slow" + i);
					slowGrants.add(grant);
					planner.plan(slow, grant.change(GrantState.GRANTED));
				}
				await().atMost(Duration.ofSeconds(30)).until(() -> slowGrants.stream()
					.filter(grant -> only(slow, grant, "ensure").status().equals("applying")).count() == 4);

				List<Duration> delays = new ArrayList<>();
				for (int i = 0; i < 3; i++) {
					Grant grant = grant("Fay Fast" + i);
					Instant due = clock.instant();
					planner.plan(fast, grant.change(GrantState.GRANTED));
					Effect applied = await().atMost(Duration.ofSeconds(20)).until(() -> only(fast, grant, "ensure"),
							effect -> effect.settledAt() != null);
					assertThat(applied.status()).as(applied.lastError()).isEqualTo("applied");
					assertThat(slapd.entriesByMail(grant.email())).hasSize(1);
					delays.add(Duration.between(due, applied.settledAt()));
				}
				System.out.println("Fast tenant's effects applied after " + delays + " while the slow tenant's target takes 1 s per operation");
				assertThat(delays).allSatisfy(delay -> assertThat(delay).isLessThan(Duration.ofSeconds(2)));
				// meanwhile the slow tenant's first effects are still on their way
				assertThat(slowGrants.stream().filter(grant -> only(slow, grant, "ensure").status().equals("applied")).count())
					.isLessThan(4);
			}
			finally {
				proxy.close();
				dispatcher.stop();
			}
		}
	}

	/**
	 * A real kill: a dispatcher in a JVM of its own claims the effect and creates the entry; the
	 * proxy forwards the add to slapd but holds the answer, and the JVM is killed. Once the lease has
	 * expired, a dispatcher here rescues the effect and applies it: it finds the entry made, sends no
	 * second add, adds the membership, and the receipt says attempt 2.
	 */
	@Test
	void aWorkerKilledBetweenTheWriteAndTheReceiptLeavesOneEntryAndTheRescueCompletesIt() throws Exception {
		Duration offset = Duration.ofDays(400);
		Clock ahead = Clock.offset(Clock.systemUTC(), offset);
		try (DelayingProxy proxy = DelayingProxy.to(slapd.port(), Duration.ZERO)) {
			configure(tenant, proxy.url(), entitlement(label, List.of(Slapd.GROUPS.get(0)), Entitlement.DELETE));
			Grant grant = grant("Kim Killed");
			CountDownLatch added = proxy.holdAfterAdd();
			planner(ahead, dispatcher(ahead, 1, 1, 50)).plan(tenant, grant.change(GrantState.GRANTED));

			Path log = Files.createTempFile("dispatcher-process", ".log");
			Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
					"-cp", System.getProperty("java.class.path"), DispatcherProcess.class.getName(),
					environment.getRequiredProperty("spring.datasource.url"),
					environment.getRequiredProperty("spring.datasource.username"),
					environment.getRequiredProperty("spring.datasource.password"),
					environment.getProperty("jmlhub.secrets.keys", ""), environment.getProperty("jmlhub.demo", "false"),
					Long.toString(offset.toMillis()))
				.redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.start();
			try {
				assertThat(added.await(120, TimeUnit.SECONDS)).as("the child's add reached slapd; its log: %s", log).isTrue();
				await().atMost(Duration.ofSeconds(10)).until(() -> slapd.entriesByMail(grant.email()).size() == 1);
				child.destroyForcibly();
				assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
			}
			finally {
				child.destroyForcibly();
				new File(log.toString()).deleteOnExit();
			}
			proxy.release();
			Effect stranded = only(tenant, grant, "ensure");
			assertThat(stranded.status()).isEqualTo("applying");
			assertThat(stranded.attempts()).isEqualTo(1);
			assertThat(stranded.receipt()).isNull();
			DN dn = new DN(slapd.entriesByMail(grant.email()).get(0).getDN());
			assertThat(slapd.members(Slapd.GROUPS.get(0))).doesNotContain(dn);

			// the lease (2 min) has expired: the rescue hands the effect to this dispatcher
			MutableClock later = new MutableClock(ahead.instant().plus(Duration.ofMinutes(3)));
			EffectDispatcher rescuer = dispatcher(later, 1, 1, 50);
			assertThat(rescuer.round(tenant)).isEqualTo(1);

			Effect applied = only(tenant, grant, "ensure");
			assertThat(applied.status()).as(applied.lastError()).isEqualTo("applied");
			assertThat(applied.attempts()).isEqualTo(2);
			JsonNode receipt = json.readTree(applied.receipt());
			assertThat(receipt.path("attempt").asInt()).isEqualTo(2);
			assertThat(receipt.path("before").path("exists").asBoolean()).as("the killed attempt's write was found").isTrue();
			assertThat(receipt.path("after").path("groups")).hasSize(1);
			assertThat(slapd.entriesByMail(grant.email())).hasSize(1);
			assertThat(slapd.members(Slapd.GROUPS.get(0))).containsOnlyOnce(dn);
			assertThat(proxy.adds()).as("no second add was sent").isEqualTo(1);
		}
	}

	@Test
	void aDirectoryDownForTwoMinutesLeavesTheEffectPendingAndVisibleThenAppliesItOnce() throws Exception {
		configure(tenant, slapd.url(), entitlement(label, List.of(Slapd.GROUPS.get(0)), Entitlement.DELETE));
		MutableClock clock = new MutableClock(Instant.now().plus(Duration.ofDays(300)));
		EffectDispatcher dispatcher = dispatcher(clock, 1, 1, 50);
		EffectPlanner planner = planner(clock, dispatcher);
		Grant grant = grant("Otto Outage");
		Instant down = clock.instant();
		slapd.stop();
		try {
			planner.plan(tenant, grant.change(GrantState.GRANTED));
			// attempts at 0 s, 30 s and 90 s (backoff 30 s, then 60 s), none at 120 s: the next is due at 210 s
			for (int second : new int[] { 0, 30, 90, 120 }) {
				clock.advance(Duration.between(clock.instant(), down.plusSeconds(second)));
				dispatcher.round(tenant);
				Effect waiting = only(tenant, grant, "ensure");
				assertThat(waiting.status()).isEqualTo("scheduled");
				assertThat(waiting.lastError()).contains(slapd.url());
				assertThat(waiting.attempts()).isEqualTo(second == 0 ? 1 : second == 30 ? 2 : 3);
				assertThat(waiting.receipt()).isNull();
			}
		}
		finally {
			slapd.start();
		}
		assertThat(slapd.entriesByMail(grant.email())).isEmpty();
		// two minutes down; the directory is back, and the effect's next attempt comes at 210 s
		clock.advance(Duration.ofSeconds(89));
		assertThat(dispatcher.round(tenant)).isZero();
		clock.advance(Duration.ofSeconds(1));
		assertThat(dispatcher.round(tenant)).isEqualTo(1);
		Effect applied = only(tenant, grant, "ensure");
		assertThat(applied.status()).as(applied.lastError()).isEqualTo("applied");
		assertThat(applied.attempts()).isEqualTo(4);
		assertThat(applied.lastError()).isNull();
		assertThat(json.readTree(applied.receipt()).path("before").path("exists").asBoolean()).isFalse();
		assertThat(slapd.entriesByMail(grant.email())).hasSize(1);
		assertThat(slapd.members(Slapd.GROUPS.get(0)))
			.containsOnlyOnce(new DN(slapd.entriesByMail(grant.email()).get(0).getDN()));

		// a redelivery of the change and more rounds add nothing
		planner.plan(tenant, grant.change(GrantState.GRANTED));
		clock.advance(Duration.ofHours(1));
		assertThat(dispatcher.round(tenant)).isZero();
		assertThat(effectsOf(tenant, grant)).hasSize(1);
	}

	/** The undo takes back what the grant applied, read from the grant's effect, not from today's (now empty) entitlements. */
	@Test
	void anEntitlementRemovedBetweenTheGrantAndItsUndoStillHasTheAccessTakenBack() throws Exception {
		configure(tenant, slapd.url(),
				entitlement(label, List.of(Slapd.GROUPS.get(0), Slapd.GROUPS.get(2)), Entitlement.DELETE));
		MutableClock clock = new MutableClock(Instant.now().plus(Duration.ofDays(500)));
		EffectDispatcher dispatcher = dispatcher(clock, 1, 1, 50);
		EffectPlanner planner = planner(clock, dispatcher);
		Grant grant = grant("Rita Removed");
		planner.plan(tenant, grant.change(GrantState.GRANTED));
		assertThat(dispatcher.round(tenant)).isEqualTo(1);
		assertThat(only(tenant, grant, "ensure").status()).isEqualTo("applied");
		DN dn = new DN(slapd.entriesByMail(grant.email()).get(0).getDN());
		assertThat(slapd.members(Slapd.GROUPS.get(2))).contains(dn);

		AppUser admin = admin(tenant);
		settings.saveEntitlements(admin, ExpectedVersion.of(null, settings.entitlements(tenant).version()), List.of());
		assertThat(settings.entitlements(tenant).entitlements()).isEmpty();

		assertThat(planner.plan(tenant, grant.change(GrantState.COMPENSATED))).as("the undo was planned").isTrue();
		assertThat(dispatcher.round(tenant)).isEqualTo(1);
		Effect undo = only(tenant, grant, "undo");
		assertThat(undo.status()).as(undo.lastError()).isEqualTo("applied");
		assertThat(only(tenant, grant, "ensure").status()).isEqualTo("undone");
		assertThat(slapd.entriesByMail(grant.email())).isEmpty();
		assertThat(slapd.members(Slapd.GROUPS.get(0))).doesNotContain(dn);
		assertThat(slapd.members(Slapd.GROUPS.get(2))).doesNotContain(dn);
		JsonNode receipt = json.readTree(undo.receipt());
		assertThat(receipt.path("before").path("groups")).hasSize(2);
		assertThat(receipt.path("after").path("exists").asBoolean()).isFalse();
	}

	/** A grant change of a run of its own, for an employee of its own. */
	record Grant(String label, UUID runId, UUID stageId, UUID employeeId, String name) {

		String email() {
			return "u" + employeeId.toString().substring(0, 8) + "@effects.example";
		}

		GrantRecorded change(GrantState state) {
			return new GrantRecorded(runId, stageId, label, employeeId, state, RunDefinition.JOINER,
					new GrantRecorded.Employee(name, email(), null, "Engineering", "Engineer", "manny",
							LocalDate.of(2031, 3, 1), null, null));
		}
	}

	private Grant grant(String name) {
		return new Grant(label, UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), name);
	}

	private String newTenant() {
		String id = TestTenants.create(transactions, jdbc, "effects", "eve");
		tenants.add(id);
		return id;
	}

	private static AppUser admin(String tenantId) {
		return new AppUser("eve", tenantId, "Effects", "Eve Admin", Set.of(Role.ADMIN), Set.of(), true, "unused");
	}

	private static Entitlement entitlement(String grant, List<String> groups, String undo) {
		return new Entitlement(grant, "directory", "uid={username}", false, Map.of(), groups, Map.of(), undo, null);
	}

	private void configure(String tenantId, String url, Entitlement entitlement) {
		AppUser admin = admin(tenantId);
		settings.saveTargets(admin, ExpectedVersion.of(null, settings.targets(tenantId).version()),
				List.of(Slapd.target("directory", url)));
		settings.saveEntitlements(admin, ExpectedVersion.of(null, settings.entitlements(tenantId).version()),
				List.of(entitlement));
	}

	private EffectDispatcher dispatcher(Clock clock, int threads, int tenantParallelism, int batchSize) {
		ProvisioningProperties properties = new ProvisioningProperties(true, Duration.ofMillis(100), Duration.ofMinutes(2),
				Duration.ofSeconds(30), Duration.ofMinutes(30), Duration.ofHours(24), batchSize, threads, tenantParallelism);
		return new EffectDispatcher(transactions, effects, settings, directory, properties, json, clock, meters,
				new OutageLog(clock), new Revocations(transactions, effects, directory, json, outbox, clock),
				new FailedEffects(effects, outbox, json));
	}

	private EffectPlanner planner(Clock clock, EffectDispatcher dispatcher) {
		return new EffectPlanner(transactions, settings, effects, json, clock, dispatcher, outbox);
	}

	private List<Effect> effectsOf(String tenantId, Grant grant) {
		return transactions.readInTenant(tenantId, () -> effects.ofRun(grant.runId()));
	}

	private Effect only(String tenantId, Grant grant, String operation) {
		List<Effect> matching = effectsOf(tenantId, grant).stream().filter(e -> e.operation().equals(operation)).toList();
		assertThat(matching).hasSize(1);
		return matching.get(0);
	}
}
