package access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import com.unboundid.ldap.sdk.DN;

import access.testing.AccessTenant;
import platform.ExpectedVersion;
import platform.PlatformAudit;
import platform.Role;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.MutableClock;
import provisioning.effects.DispatcherAtTime;
import provisioning.effects.Effect;
import provisioning.effects.Effects;
import provisioning.settings.Entitlement;
import provisioning.settings.ProvisioningSettings;
import provisioning.testing.Slapd;

/**
 * An access package's expiry is an effect of the provisioning module, against a real OpenLDAP: the
 * approval grants the membership and plans its undo for the end of the access at once (to be seen
 * with the other effects); a renewal moves that undo; the clock moved past it, the undo takes the
 * membership back and the expiry job (its per-tenant step, at the same moved instant) makes the
 * request {@code expired}; a leaver's revocation takes it back at once. Each test in a tenant of
 * its own, whose effects only this test's dispatcher works at the moved time.
 */
@JmlHubIntegrationTest
class AccessDirectoryExpiryTests {

	static final Duration TIMEOUT = Duration.ofSeconds(60);
	static final String GROUP = Slapd.GROUPS.get(2);
	static final String WIKI = Slapd.GROUPS.get(0);

	@RegisterExtension
	static final Slapd slapd = Slapd.forTestClass();

	@Autowired
	AccessCatalog catalog;

	@Autowired
	AccessRequests requests;

	@Autowired
	ProvisioningSettings settings;

	@Autowired
	Effects effects;

	@Autowired
	PlatformAudit audit;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	ApplicationContext context;

	AccessTenant tenant;

	@BeforeEach
	void aPackageGrantingAGroupOfTheDirectory() {
		tenant = new AccessTenant(transactions, jdbc, "acx").add("rita", Role.APPROVER).add("gwen", Role.APPROVER, "security");
		settings.saveTargets(tenant.user("boss"), ExpectedVersion.of(null, 0), List.of(slapd.target("test-ldap")));
		settings.saveEntitlements(tenant.user("boss"), ExpectedVersion.of(null, 0), List.of(
				new Entitlement("vpn-access", "test-ldap", "uid={username}", false, Map.of(), List.of(GROUP), Map.of(),
						Entitlement.GROUPS, null),
				new Entitlement("wiki-access", "test-ldap", "uid={username}", false, Map.of(), List.of(WIKI), Map.of(),
						Entitlement.GROUPS, null)));
		catalog.save(tenant.user("boss"), ExpectedVersion.of(null, 0), List.of(
				new AccessPackage("vpn", "VPN", "Remote access", List.of("vpn-access"), List.of(), ApprovalPolicy.GROUP,
						"security", 1, 30, false, false, List.of()),
				new AccessPackage("wiki", "Wiki", "The team wiki", List.of("wiki-access"), List.of(), ApprovalPolicy.GROUP,
						"security", 1, 30, false, false, List.of())));
	}

	@Test
	void theExpiryIsAScheduledUndoFromApprovalOnARenewalMovesItAndTheMovedClockTakesTheMembershipBack() throws Exception {
		LocalDate today = LocalDate.now(ZoneOffset.UTC);
		AccessRequest first = approve(today.plusDays(2));
		DN rita = new DN("uid=rita,ou=people," + Slapd.BASE);
		await().atMost(TIMEOUT).until(() -> effect(first, "ensure").status().equals("applied"));
		assertThat(slapd.members(GROUP)).contains(rita);
		// the end is there to see from the approval on: the undo, scheduled for it, with the run's effects
		Effect undo = effect(first, "undo");
		assertThat(undo.status()).isEqualTo("scheduled");
		assertThat(undo.scheduledFor()).isEqualTo(first.expiresAt());
		assertThat(effects.ofEmployee(tenant.id, first.employeeId())).extracting(Effect::operation)
			.containsExactly("ensure", "undo");

		// My access → renew: the same grant given again with the later end moves the undo, no second one
		AccessRequest renewal = approve(today.plusDays(6));
		assertThat(renewal.holdingId()).isEqualTo(first.id());
		assertThat(requests.get(tenant.user("rita"), first.id()).request().status()).isEqualTo(AccessRequestStatus.REVOKED);
		await().atMost(TIMEOUT).until(() -> effect(first, "undo").scheduledFor().equals(renewal.expiresAt()));
		assertThat(effects.ofEmployee(tenant.id, first.employeeId())).extracting(Effect::operation, Effect::status)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("ensure", "applied"),
					org.assertj.core.groups.Tuple.tuple("undo", "scheduled"));

		MutableClock clock = new MutableClock(Instant.now());
		DispatcherAtTime dispatcher = new DispatcherAtTime(context, clock);
		clock.advance(Duration.ofDays(4));
		// past the first end, before the renewed one: nothing is taken back, nothing expires
		assertThat(dispatcher.work(tenant.id)).isZero();
		assertThat(requests.expireDue(tenant.id, clock.instant(), 10)).isZero();
		assertThat(slapd.members(GROUP)).contains(rita);

		clock.advance(Duration.ofDays(4));
		assertThat(dispatcher.work(tenant.id)).isEqualTo(1);
		assertThat(slapd.members(GROUP)).doesNotContain(rita);
		assertThat(effect(first, "undo").status()).isEqualTo("applied");
		assertThat(effect(first, "ensure").status()).isEqualTo("undone");
		// the expiry job's step at the same instant: the request is expired, with its evidence (its
		// access.request.changed event is stored only for a tenant with a webhook: AccessModuleTests sees it)
		assertThat(requests.expireDue(tenant.id, clock.instant(), 10)).isEqualTo(1);
		AccessRequests.RequestView view = requests.get(tenant.user("rita"), renewal.id());
		assertThat(view.request().status()).isEqualTo(AccessRequestStatus.EXPIRED);
		assertThat(view.history()).last().satisfies(d -> assertThat(d.decision()).isEqualTo("expire"));
		assertThat(audit.recent(tenant.id, "access.expired", 5))
			.anySatisfy(entry -> assertThat(entry.toString()).contains(renewal.id().toString()));
		// its compensation finds the undo applied: nothing more happens in the directory
		await().atMost(TIMEOUT).until(() -> outboxDelivered("grant:" + first.id() + ":vpn-access:compensated"));
		assertThat(effects.ofEmployee(tenant.id, first.employeeId())).hasSize(2);
		assertThat(slapd.members(GROUP)).doesNotContain(rita);
	}

	@Test
	void aLeaversRevocationTakesEveryPackageBackAtOnceNotAtItsEnd() throws Exception {
		AccessRequest held = approve(LocalDate.now(ZoneOffset.UTC).plusDays(20));
		DN rita = new DN("uid=rita,ou=people," + Slapd.BASE);
		await().atMost(TIMEOUT).until(() -> effect(held, "ensure").status().equals("applied"));
		assertThat(slapd.members(GROUP)).contains(rita);
		assertThat(effect(held, "undo").scheduledFor()).isEqualTo(held.expiresAt());
		// the undo waiting for its end holds nothing up: a second package's grant on the target goes ahead
		AccessRequest wiki = requests.approve(tenant.user("gwen"), requests.submit(tenant.user("rita"),
				new AccessRequests.Submission("wiki", null, null, null, null)).id(), null, null);
		await().atMost(TIMEOUT).until(() -> effect(wiki, "ensure").status().equals("applied"));
		assertThat(slapd.members(WIKI)).contains(rita);
		assertThat(slapd.members(GROUP)).contains(rita);

		// what the leaver handler does once the leaver run's revocation took effect
		assertThat(requests.revokeAllOf(tenant.id, held.employeeId(), "leaver run revoked access")).isEqualTo(2);
		Effect undo = await().atMost(TIMEOUT).until(() -> effect(held, "undo"), e -> e.status().equals("applied"));
		assertThat(undo.scheduledFor()).isBefore(held.expiresAt());
		await().atMost(TIMEOUT).until(() -> effect(wiki, "undo").status().equals("applied"));
		assertThat(slapd.members(GROUP)).doesNotContain(rita);
		assertThat(slapd.members(WIKI)).doesNotContain(rita);
		assertThat(effects.ofEmployee(tenant.id, held.employeeId())).hasSize(4);
		assertThat(requests.get(tenant.user("rita"), held.id()).request().status()).isEqualTo(AccessRequestStatus.REVOKED);
	}

	/** rita asks for the VPN until {@code until}, gwen approves. */
	private AccessRequest approve(LocalDate until) {
		AccessRequest request = requests.submit(tenant.user("rita"),
				new AccessRequests.Submission("vpn", null, null, until, null));
		return requests.approve(tenant.user("gwen"), request.id(), null, null);
	}

	/** The one effect of {@code operation} of the request's holding, or an absent stand-in. */
	private Effect effect(AccessRequest request, String operation) {
		List<Effect> matching = effects.ofRun(tenant.id, request.holding()).stream()
			.filter(e -> e.operation().equals(operation)).toList();
		assertThat(matching).hasSizeLessThanOrEqualTo(1);
		return matching.isEmpty() ? new Effect(null, null, null, null, null, null, operation, "absent", Instant.EPOCH, 0,
				null, null, null) : matching.get(0);
	}

	private boolean outboxDelivered(String key) {
		return transactions.readInTenant(tenant.id, () -> jdbc.sql(
				"SELECT count(*) FROM outbox_events WHERE idempotency_key = :key AND status = 'delivered'")
			.param("key", key).query(Integer.class).single()) == 1;
	}
}
