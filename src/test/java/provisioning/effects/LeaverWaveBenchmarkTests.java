package provisioning.effects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.Modification;
import com.unboundid.ldap.sdk.ModificationType;
import com.unboundid.ldap.sdk.SearchScope;

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
import platform.testing.TestTenants;
import provisioning.ldap.LdapDirectory;
import provisioning.settings.Entitlement;
import provisioning.settings.ProvisioningSettings;
import provisioning.testing.DelayingProxy;
import provisioning.testing.Slapd;
import tools.jackson.databind.json.JsonMapper;

/**
 * The leaver-wave benchmark (docs/benchmarks.md), not a timed test: {@code -Dleaver.wave.employees}
 * employees (20 by default, so {@code mvn verify} only checks that it works; the benchmark runs
 * 1,000) get accounts in a real slapd through ensure effects, then all their revocations are due at
 * the same instant and the dispatcher works them with the application's settings
 * ({@code -Djmlhub.provisioning.threads=…} and the like tune it): effects applied per second, reads
 * back included, and the time until the last. The second test is the slow-target figure: a tenant
 * whose directory answers through a proxy adding 1 s per operation, and how late another tenant's
 * effects apply meanwhile. Effects are planned on a clock far ahead of the system's, for this test's
 * dispatcher only. A smaller wave ({@code -Dleaver.wave.warmup}, a fifth by default) runs first,
 * unmeasured, in another tenant: the figure is the dispatcher's, not the JIT compiler's.
 * <p>
 * A revocation is the leaver's own: a granted grant of a leaver run whose entitlement revokes,
 * planned as a {@code disable} due at the end of the last day (already past here), which reads what
 * the employee holds from the applied ensures and disables it (memberships and password removed, the
 * account moved under {@code ou=disabled}), then publishes {@code provisioning.access.revoked}.
 */
@JmlHubIntegrationTest
class LeaverWaveBenchmarkTests {

	static final int EMPLOYEES = Integer.getInteger("leaver.wave.employees", 20);
	static final int WARM_UP = Integer.getInteger("leaver.wave.warmup", Math.max(5, EMPLOYEES / 5));
	static final int SLOW = Integer.getInteger("leaver.wave.slow", 4);
	static final int FAST = Integer.getInteger("leaver.wave.fast", 5);

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
	ProvisioningProperties properties;

	@Autowired
	JsonMapper json;

	@Autowired
	MeterRegistry meters;

	final String label = "accounts-" + UUID.randomUUID().toString().substring(0, 8);
	final String revocationLabel = label + "-revocation";

	@Test
	void aWaveOfLeaversAllDueAtOnce() throws Exception {
		Clock clock = Clock.offset(Clock.systemUTC(), Duration.ofDays(700));
		// the same wave, smaller and unmeasured, first: the JIT compiler was the JVM's busiest thread in a cold wave
		wave("warm", WARM_UP, clock);
		Wave measured = wave("wave", EMPLOYEES, clock);
		System.out.printf("Leaver wave: %d accounts made in %d ms (%.0f/s); %d revocations due at once applied in %d ms "
				+ "(%.0f/s, reads-back included; threads %d, tenant parallelism %d, batch %d; after a warm-up wave of %d)%n",
				EMPLOYEES, measured.accounts().toMillis(), EMPLOYEES * 1000.0 / Math.max(1, measured.accounts().toMillis()),
				EMPLOYEES, measured.revocations().toMillis(),
				EMPLOYEES * 1000.0 / Math.max(1, measured.revocations().toMillis()), properties.threadsOrDefault(),
				properties.tenantParallelismOrDefault(), properties.batchSize(), WARM_UP);
	}

	private record Wave(Duration accounts, Duration revocations) {
	}

	/** {@code employees} accounts made, then all their revocations due at once and applied: how long each took. */
	private Wave wave(String name, int employees, Clock clock) throws Exception {
		String tenant = TestTenants.create(transactions, jdbc, name, "eve");
		configure(tenant, slapd.url());
		String domain = name + ".example";
		List<GrantRecorded> grants = new ArrayList<>();
		for (int i = 0; i < employees; i++) {
			grants.add(change(UUID.randomUUID(), UUID.randomUUID(), "Lee Leaver" + i, domain));
		}

		// the accounts: one ensure effect each
		EffectDispatcher joining = dispatcher(clock);
		EffectPlanner planner = new EffectPlanner(transactions, settings, effects, json, clock, joining, outbox);
		Instant joinedFrom = clock.instant();
		joining.start();
		try {
			grants.forEach(grant -> planner.plan(tenant, grant));
			awaitSettled(tenant, "ensure", employees);
		}
		finally {
			joining.stop();
		}
		Instant joined = lastSettled(tenant, "ensure");
		assertThat(count(tenant, "ensure", "applied")).isEqualTo(employees);

		// the wave: every revocation planned while no dispatcher runs, so all are due at one instant
		for (GrantRecorded grant : grants) {
			planner.plan(tenant, revocation(grant, clock));
		}
		EffectDispatcher leaving = dispatcher(clock);
		Instant due = clock.instant();
		leaving.start();
		try {
			awaitSettled(tenant, "disable", employees);
		}
		finally {
			leaving.stop();
		}
		Instant last = lastSettled(tenant, "disable");
		assertThat(count(tenant, "disable", "applied")).isEqualTo(employees);
		try (LDAPConnection ldap = slapd.connect()) {
			assertThat(ldap.search("ou=people," + Slapd.BASE, SearchScope.SUB, "(mail=*@" + domain + ")").getEntryCount())
				.isZero();
			assertThat(ldap.search("ou=disabled," + Slapd.BASE, SearchScope.SUB, "(mail=*@" + domain + ")").getEntryCount())
				.isEqualTo(employees);
			assertThat(ldap.getEntry(Slapd.GROUPS.get(0), "member").getAttributeValues("member"))
				.noneMatch(member -> grants.stream().anyMatch(grant -> member.contains(grant.employee().email().split("@")[0])));
		}
		return new Wave(Duration.between(joinedFrom, joined), Duration.between(due, last));
	}

	@Test
	void aSlowTargetOfOneTenantAndAnotherTenantsDelay() throws Exception {
		String slow = TestTenants.create(transactions, jdbc, "wave-slow", "eve");
		String fast = TestTenants.create(transactions, jdbc, "wave-fast", "eve");
		Clock clock = Clock.offset(Clock.systemUTC(), Duration.ofDays(800));
		try (DelayingProxy proxy = DelayingProxy.to(slapd.port(), Duration.ofSeconds(1))) {
			configure(slow, proxy.url());
			configure(fast, slapd.url());
			EffectDispatcher dispatcher = dispatcher(clock);
			EffectPlanner planner = new EffectPlanner(transactions, settings, effects, json, clock, dispatcher, outbox);
			dispatcher.start();
			try {
				for (int i = 0; i < SLOW; i++) {
					planner.plan(slow, change(UUID.randomUUID(), UUID.randomUUID(), "Sloane Slow" + i, "slow.example"));
				}
				await().atMost(Duration.ofSeconds(30)).until(() -> proxy.adds() > 0 || count(slow, "ensure", "applying") > 0);
				List<Duration> delays = new ArrayList<>();
				for (int i = 0; i < FAST; i++) {
					UUID stage = UUID.randomUUID();
					Instant planned = clock.instant();
					planner.plan(fast, change(stage, UUID.randomUUID(), "Fay Fast" + i, "fast.example"));
					Instant settled = await().atMost(Duration.ofSeconds(60))
						.until(() -> settledAt(fast, stage), at -> at != null);
					delays.add(Duration.between(planned, settled));
					Thread.sleep(200);
				}
				assertThat(count(fast, "ensure", "applied")).isEqualTo(FAST);
				delays.sort(Comparator.naturalOrder());
				System.out.printf("Slow target: another tenant's %d effects applied after a median %d ms, at most %d ms, "
						+ "while the slow tenant's %d effects went through a proxy adding 1 s per operation (%d of them applied meanwhile)%n",
						FAST, delays.get(delays.size() / 2).toMillis(), delays.get(delays.size() - 1).toMillis(), SLOW,
						count(slow, "ensure", "applied"));
			}
			finally {
				proxy.close();
				dispatcher.stop();
				transactions.runInTenant(slow, () -> jdbc.sql("""
						UPDATE provisioning_effects SET status = 'failed', claim_token = NULL, lease_until = NULL
						WHERE status IN ('planned', 'scheduled', 'applying')""").update());
			}
		}
	}

	/**
	 * The bound for the wave's figure: the LDAP operations of a revocation (the read, the membership's
	 * removal, the password's, the move, the reads back) straight with the SDK, without the
	 * dispatcher, the database or the adapter, one connection per lane, as many lanes as a tenant's
	 * parallelism.
	 */
	@Test
	void theSameLdapWorkWithoutTheDispatcher() throws Exception {
		String group = Slapd.GROUPS.get(2);
		String disabled = "ou=bound-disabled," + Slapd.BASE;
		String prefix = "b" + UUID.randomUUID().toString().substring(0, 6);
		List<String> uids = new ArrayList<>();
		try (LDAPConnection ldap = slapd.connect()) {
			ldap.add(new Entry(disabled, new Attribute("objectClass", "top", "organizationalUnit"),
					new Attribute("ou", "bound-disabled")));
			for (int i = 0; i < EMPLOYEES; i++) {
				String uid = prefix + i;
				uids.add(uid);
				ldap.add(new Entry("uid=" + uid + ",ou=people," + Slapd.BASE,
						new Attribute("objectClass", "top", "person", "organizationalPerson", "inetOrgPerson"),
						new Attribute("uid", uid), new Attribute("cn", "Bea Bound" + i), new Attribute("sn", "Bound"),
						new Attribute("mail", uid + "@bound.example"), new Attribute("userPassword", "secret")));
				ldap.modify(group, new Modification(ModificationType.ADD, "member", "uid=" + uid + ",ou=people," + Slapd.BASE));
			}
		}
		int lanes = properties.tenantParallelismOrDefault();
		java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(lanes);
		java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
		Instant from = Instant.now();
		List<java.util.concurrent.Future<?>> running = new ArrayList<>();
		for (int lane = 0; lane < lanes; lane++) {
			running.add(pool.submit(() -> {
				try (LDAPConnection ldap = slapd.connect()) {
					for (int i = next.getAndIncrement(); i < uids.size(); i = next.getAndIncrement()) {
						String dn = "uid=" + uids.get(i) + ",ou=people," + Slapd.BASE;
						String to = "uid=" + uids.get(i) + "," + disabled;
						// what the adapter's disable does on OpenLDAP: 3 reads, 2 compares, 3 writes
						ldap.getEntry(dn, "cn", "sn", "mail", "uid");
						ldap.compare(group, "member", dn);
						ldap.modify(group, new Modification(ModificationType.DELETE, "member", dn));
						ldap.modify(dn, new Modification(ModificationType.DELETE, "userPassword"));
						ldap.modifyDN(dn, "uid=" + uids.get(i), true, disabled);
						ldap.getEntry(to, "cn", "sn", "mail", "uid", "userPassword");
						ldap.compare(group, "member", to);
						ldap.getEntry(dn, "1.1");
					}
				}
				return null;
			}));
		}
		for (java.util.concurrent.Future<?> lane : running) {
			lane.get();
		}
		pool.shutdown();
		Duration took = Duration.between(from, Instant.now());
		try (LDAPConnection ldap = slapd.connect()) {
			assertThat(ldap.search(disabled, SearchScope.SUB, "(mail=*@bound.example)").getEntryCount()).isEqualTo(EMPLOYEES);
		}
		System.out.printf("Bound: the LDAP work of %d revocations straight with the SDK, %d lanes of one connection each: "
				+ "%d ms (%.0f/s)%n", EMPLOYEES, lanes, took.toMillis(), EMPLOYEES * 1000.0 / Math.max(1, took.toMillis()));
	}

	/**
	 * A leaver's revocation as the leaver run records it: its own grant, mapped to a revocation, whose
	 * last day ended before the clock's day, so its disable is due at once.
	 */
	private GrantRecorded revocation(GrantRecorded grant, Clock clock) {
		GrantRecorded.Employee joined = grant.employee();
		GrantRecorded.Employee leaving = new GrantRecorded.Employee(joined.displayName(), joined.email(),
				joined.employeeNumber(), joined.department(), joined.title(), joined.manager(), joined.startDate(),
				LocalDate.ofInstant(clock.instant(), java.time.ZoneOffset.UTC).minusDays(1), null);
		return new GrantRecorded(UUID.randomUUID(), UUID.randomUUID(), revocationLabel, grant.employeeId(),
				GrantState.GRANTED, RunDefinition.LEAVER, leaving);
	}

	private GrantRecorded change(UUID stageId, UUID employeeId, String name, String domain) {
		String email = "u" + employeeId.toString().substring(0, 8) + "@" + domain;
		return new GrantRecorded(UUID.randomUUID(), stageId, label, employeeId, GrantState.GRANTED, RunDefinition.JOINER,
				new GrantRecorded.Employee(name, email, null, "Engineering", "Engineer", "manny", LocalDate.of(2031, 3, 1),
						null, null));
	}

	private EffectDispatcher dispatcher(Clock clock) {
		return new EffectDispatcher(transactions, effects, settings, directory, properties, json, clock, meters,
				new OutageLog(clock), new Revocations(transactions, effects, directory, json, outbox, clock),
				new FailedEffects(effects, outbox, json));
	}

	private void configure(String tenantId, String url) {
		AppUser admin = new AppUser("eve", tenantId, "Wave", "Eve Admin", Set.of(Role.ADMIN), Set.of(), true, "unused");
		settings.saveTargets(admin, ExpectedVersion.of(null, settings.targets(tenantId).version()),
				List.of(Slapd.target("directory", url)));
		settings.saveEntitlements(admin, ExpectedVersion.of(null, settings.entitlements(tenantId).version()),
				List.of(new Entitlement(label, "directory", "uid={username}", false, Map.of(), List.of(Slapd.GROUPS.get(0)),
						Map.of()), Entitlement.revocation(revocationLabel, "directory", null, null)));
	}

	private void awaitSettled(String tenant, String operation, int count) {
		await().atMost(Duration.ofSeconds(60).plusMillis(count * 200L)).pollInterval(Duration.ofMillis(100))
			.until(() -> transactions.readInTenant(tenant, () -> jdbc.sql("""
					SELECT count(*) FROM provisioning_effects WHERE operation = :operation AND settled_at IS NOT NULL""")
				.param("operation", operation).query(Integer.class).single()) >= count);
	}

	private Instant lastSettled(String tenant, String operation) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT max(settled_at) FROM provisioning_effects WHERE operation = :operation""")
			.param("operation", operation).query(java.sql.Timestamp.class).single().toInstant());
	}

	private Instant settledAt(String tenant, UUID stageId) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT settled_at FROM provisioning_effects WHERE stage_id = :stage""")
			.param("stage", stageId).query(java.sql.Timestamp.class).list().stream().filter(java.util.Objects::nonNull)
			.findFirst().map(java.sql.Timestamp::toInstant).orElse(null));
	}

	private int count(String tenant, String operation, String status) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT count(*) FROM provisioning_effects WHERE operation = :operation AND status = :status""")
			.param("operation", operation).param("status", status).query(Integer.class).single());
	}
}
