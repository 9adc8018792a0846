package access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.modulith.test.ApplicationModuleTest.BootstrapMode;
import org.springframework.modulith.test.Scenario;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import access.jobs.AccessExpiryJob;
import outbox.OutboxPublisher;
import outbox.catalog.AccessRequestChanged;
import outbox.catalog.AccessRevoked;
import outbox.catalog.GrantRecorded;
import outbox.catalog.GrantState;
import outbox.testing.HandlerScript;
import outbox.testing.TestHandlers;
import platform.AppUser;
import platform.ApproverDelegations;
import platform.DomainException;
import platform.ExpectedVersion;
import platform.JmlHubApplication;
import platform.PlatformAudit;
import platform.ReportingLines;
import platform.Role;
import platform.TenantTransactions;
import platform.testing.MutableClock;

/**
 * The access module with the outbox and platform on the real database, the outbox's scripted
 * handlers standing in for provisioning and notifications, HR's reporting lines and the workflow's
 * delegations standing in as fixed answers: every transition of a request, its evidence, its audit
 * entry and its events, races of two deciders, expiry by a moved clock, a leaver's revocation.
 */
@ApplicationModuleTest(module = "access", classes = JmlHubApplication.class, mode = BootstrapMode.DIRECT_DEPENDENCIES)
@Import({ TestHandlers.class, AccessModuleTests.StandIns.class })
class AccessModuleTests {

	static final UUID IVAN = UUID.fromString("00000000-0000-0000-0000-0000000000a1");
	static final UUID SARA = UUID.fromString("00000000-0000-0000-0000-0000000000a2");

	/** HR's reporting lines and the workflow's delegations, as fixed answers. */
	@TestConfiguration(proxyBeanMethods = false)
	static class StandIns {

		@Bean
		ReportingLines reportingLines() {
			Map<String, ReportingLines.Person> people = Map.of(
					"ivan@acme.example", new ReportingLines.Person(IVAN, "Ivan Ivanov", "ivan@acme.example", "IT", null, "manny"),
					"sara@acme.example", new ReportingLines.Person(SARA, "Sara Schulz", "sara@acme.example", "Security", null,
							"manny"));
			return new ReportingLines() {
				@Override
				public Optional<String> managerOf(String tenantId, String email) {
					return person(tenantId, email).map(ReportingLines.Person::manager);
				}

				@Override
				public Optional<ReportingLines.Person> person(String tenantId, String email) {
					return Optional.ofNullable(people.get(email));
				}

				@Override
				public Optional<String> userOfManager(String tenantId, String manager) {
					return Optional.ofNullable(manager);
				}
			};
		}

		/** sam stands in for manny today. */
		@Bean
		ApproverDelegations approverDelegations() {
			return (tenantId, delegate) -> "sam".equals(delegate) ? Set.of("manny") : Set.of();
		}
	}

	@Autowired
	AccessCatalog catalog;

	@Autowired
	AccessRequests requests;

	@Autowired
	HandlerScript delivered;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	PlatformAudit audit;

	@Autowired
	JdbcClient jdbc;

	final AppUser ivan = user("ivan", Role.APPROVER, "it");
	final AppUser manny = user("manny", Role.APPROVER, "managers");
	final AppUser sara = user("sara", Role.APPROVER, "security");
	final AppUser sam = user("sam", Role.APPROVER, "security");
	final AppUser ada = user("ada", Role.ADMIN);

	@BeforeEach
	void catalogOfThreePackages() {
		AccessCatalogSettings current = catalog.packages("acme");
		catalog.save(ada, ExpectedVersion.of(null, current.version()), List.of(
				new AccessPackage("finance-share", "Finance share", "The finance team's share", List.of("finance-share"),
						List.of(), ApprovalPolicy.MANAGER, null, null, 30, true, false, List.of("payments")),
				new AccessPackage("payments", "Payments approval", "Approve outgoing payments", List.of("payments"),
						List.of(), ApprovalPolicy.GROUP, "security", 1, 90, false, false, List.of()),
				new AccessPackage("prod", "Production access", "Read production", List.of("prod-read"), List.of("Security"),
						ApprovalPolicy.MANAGER_THEN_GROUP, "it", 1, 14, false, false, List.of())));
		cleanUpRequestsOf("ivan", "sara");
	}

	@Test
	void theCatalogIsVersionedValidatedAndAudited() {
		AccessCatalogSettings current = catalog.packages("acme");
		assertThat(current.find("payments")).isPresent();
		assertThatThrownBy(() -> catalog.save(ada, ExpectedVersion.of(null, current.version()), List.of(
				new AccessPackage("Bad Key", "", null, List.of(), List.of(), ApprovalPolicy.GROUP, "nobody", 0, 400, null,
						null, List.of("missing")))))
			.isInstanceOfSatisfying(DomainException.InvalidInput.class, e -> assertThat(e.fieldErrors()).containsKeys(
					"packages[0].key", "packages[0].name", "packages[0].entitlements", "packages[0].group",
					"packages[0].quorum", "packages[0].maxDays", "packages[0].incompatibleWith"));
		assertThatThrownBy(() -> catalog.save(ada, ExpectedVersion.of(null, current.version() - 1), current.packages()))
			.isInstanceOf(DomainException.Conflict.class);
		assertThat(catalog.packages("acme").version()).isEqualTo(current.version());
		assertThat(audit.recent("acme", "access.catalog.saved", 1)).isNotEmpty();
	}

	@Test
	void aManagerApprovalGrantsThePackageThroughTheOutbox(Scenario scenario) {
		AccessRequest request = requests.submit(ivan, submission("finance-share", null, "month-end close"));
		assertThat(request.status()).isEqualTo(AccessRequestStatus.SUBMITTED);
		assertThat(request.manager()).isEqualTo("manny");

		scenario.stimulate(() -> requests.approve(manny, request.id(), request.version(), "ok for the close"))
			.andWaitForStateChange(() -> delivered.received("acme", granted(request.id(), "finance-share")))
			.andVerify(event -> assertThat(event).get().isInstanceOfSatisfying(GrantRecorded.class, grant -> {
				assertThat(grant.employeeId()).isEqualTo(IVAN);
				assertThat(grant.status()).isEqualTo(GrantState.GRANTED);
				assertThat(grant.employee().email()).isEqualTo("ivan@acme.example");
			}));
		AccessRequests.RequestView view = requests.get(ivan, request.id());
		assertThat(view.request().status()).isEqualTo(AccessRequestStatus.APPROVED);
		assertThat(Duration.between(view.request().decidedAt(), view.request().expiresAt()))
			.isBetween(Duration.ofDays(30).minusSeconds(1), Duration.ofDays(30).plusSeconds(1));
		assertThat(view.history()).extracting(AccessDecision::decision, AccessDecision::actor)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("submit", "ivan"),
					org.assertj.core.groups.Tuple.tuple("approve", "manny"));
		assertThat(delivered.received("acme", AccessRequestChanged.TYPE + ":" + request.id() + ":2"))
			.get().extracting(e -> ((AccessRequestChanged) e).status()).isEqualTo("approved");
		assertThat(audit.recent("acme", "access.approved", 20)).anySatisfy(
				entry -> assertThat(entry.toString()).contains(request.id().toString()));
		assertThat(requests.held(ivan)).extracting(AccessRequest::id).contains(request.id());
		// an approved request cannot be decided again
		assertThatThrownBy(() -> requests.reject(manny, request.id(), null, "late"))
			.isInstanceOfSatisfying(DomainException.class, e -> assertThat(e.kind()).isEqualTo(DomainException.Kind.STALE));
	}

	@Test
	void twoStepsManagerThenGroupAndADelegateStandsInForTheManager(Scenario scenario) {
		AccessRequest request = requests.submit(sara, submission("prod", null, null));
		assertThat(request.policy().steps()).isEqualTo(2);
		// sam acts for manny today (the workflow's delegation)
		AccessRequest afterManager = requests.approve(sam, request.id(), null, null);
		assertThat(afterManager.status()).isEqualTo(AccessRequestStatus.SUBMITTED);
		assertThat(afterManager.step()).isEqualTo(2);
		assertThat(requests.get(sara, request.id()).history()).last()
			.satisfies(d -> assertThat(d.actingFor()).isEqualTo("manny"));
		// manny is not in group it: the second step is not his
		assertThatThrownBy(() -> requests.approve(manny, request.id(), null, null))
			.isInstanceOfSatisfying(DomainException.Forbidden.class, e -> assertThat(e.problem()).isEqualTo("not-your-decision"));
		scenario.stimulate(() -> requests.approve(ivan, request.id(), null, null))
			.andWaitForStateChange(() -> delivered.received("acme", granted(request.id(), "prod-read")))
			.andVerify(event -> assertThat(requests.get(sara, request.id()).request().status())
				.isEqualTo(AccessRequestStatus.APPROVED));
	}

	/**
	 * The inbox badge's count query says what the inbox lists, for every reader: their manager and
	 * group steps, those of whom they stand in for, never their own requests; and it stops at its limit.
	 */
	@Test
	void theInboxCountIsTheNumberOfRequestsTheInboxLists() {
		AccessRequest prod = requests.submit(sara, submission("prod", null, null));
		AccessRequest payments = requests.submit(ivan, submission("payments", null, null));
		AccessRequest finance = requests.submit(sara, submission("finance-share", null, "audit"));
		Map<AppUser, Set<String>> readers = Map.of(ivan, Set.of(), manny, Set.of(), sara, Set.of(), sam, Set.of("manny"),
				ada, Set.of());
		readers.forEach((reader, actingFor) -> assertThat(requests.waitingCount(reader, actingFor, 1000))
			.as("%s's count", reader.getUsername()).isEqualTo(requests.waitingFor(reader, actingFor).size()));
		// sam: payments as security's approver, prod's and finance's manager step for manny
		assertThat(requests.waitingFor(sam, Set.of("manny"))).extracting(w -> w.request().id())
			.contains(prod.id(), payments.id(), finance.id());
		assertThat(requests.waitingFor(sara, Set.of())).extracting(w -> w.request().id()).contains(payments.id())
			.doesNotContain(prod.id(), finance.id());

		// prod's second step waits on group it: ivan's now, no longer manny's
		requests.approve(manny, prod.id(), null, null);
		readers.forEach((reader, actingFor) -> assertThat(requests.waitingCount(reader, actingFor, 1000))
			.as("%s's count after the manager's step", reader.getUsername())
			.isEqualTo(requests.waitingFor(reader, actingFor).size()));
		assertThat(requests.waitingFor(ivan, Set.of())).extracting(w -> w.request().id()).contains(prod.id());
		assertThat(requests.waitingCount(sam, Set.of("manny"), 1)).isEqualTo(1);
	}

	@Test
	void theRequesterAndTheBeneficiaryNeverApprove() {
		// manny asks for his report ivan: neither of them decides it
		AccessRequest request = requests.submit(manny, submission("payments", "ivan", null));
		assertThat(request.requestedBy()).isEqualTo("manny");
		assertThatThrownBy(() -> requests.approve(manny, request.id(), null, null))
			.isInstanceOfSatisfying(DomainException.Forbidden.class, e -> assertThat(e.problem()).isEqualTo("self-approval"));
		assertThatThrownBy(() -> requests.approve(ivan, request.id(), null, null))
			.isInstanceOfSatisfying(DomainException.Forbidden.class, e -> assertThat(e.problem()).isEqualTo("self-approval"));
		// a finance-share request by sara's manager for sara: manny is the manager step, but he asked
		AccessRequest forSara = requests.submit(manny, submission("finance-share", "sara", "audit"));
		assertThatThrownBy(() -> requests.approve(manny, forSara.id(), null, null))
			.isInstanceOfSatisfying(DomainException.Forbidden.class, e -> assertThat(e.problem()).isEqualTo("self-approval"));
		// only for oneself or one's reports
		assertThatThrownBy(() -> requests.submit(sara, submission("payments", "ivan", null)))
			.isInstanceOfSatisfying(DomainException.Forbidden.class, e -> assertThat(e.problem()).isEqualTo("not-your-report"));
		assertThat(requests.get(manny, request.id()).request().status()).isEqualTo(AccessRequestStatus.SUBMITTED);
	}

	@Test
	void twoApproversDecidingOneStepAtOnceExactlyOneWins() throws Exception {
		AccessRequest request = requests.submit(ivan, submission("payments", null, null));
		CountDownLatch start = new CountDownLatch(1);
		ExecutorService pool = Executors.newFixedThreadPool(2);
		try {
			List<Future<String>> outcomes = new ArrayList<>();
			for (AppUser approver : List.of(sara, sam)) {
				Callable<String> decide = () -> {
					start.await();
					try {
						requests.approve(approver, request.id(), request.version(), null);
						return "won";
					}
					catch (DomainException e) {
						return e.kind().name();
					}
				};
				outcomes.add(pool.submit(decide));
			}
			start.countDown();
			List<String> results = new ArrayList<>();
			for (Future<String> outcome : outcomes) {
				results.add(outcome.get());
			}
			assertThat(results).containsExactlyInAnyOrder("won", "STALE");
		}
		finally {
			pool.shutdownNow();
		}
		AccessRequests.RequestView view = requests.get(ivan, request.id());
		assertThat(view.request().status()).isEqualTo(AccessRequestStatus.APPROVED);
		assertThat(view.request().version()).isEqualTo(2);
		assertThat(view.history()).filteredOn(d -> d.decision().equals("approve")).hasSize(1);
	}

	@Test
	void aCrashBetweenTheDecisionAndItsEffectsLeavesNeitherAndTheOutboxCarriesThemWithTheDecision() {
		AccessRequest request = requests.submit(ivan, submission("payments", null, null));
		// the approval and its events are one unit of work: a failure after it rolls all of it back
		assertThatThrownBy(() -> transactions.runInTenant("acme", () -> {
			requests.approve(sara, request.id(), null, null);
			assertThat(outboxRows(request.id())).isPositive();
			throw new IllegalStateException("the process died before commit");
		})).hasMessageContaining("died");
		assertThat(requests.get(ivan, request.id()).request().status()).isEqualTo(AccessRequestStatus.SUBMITTED);
		assertThat(outboxRows(request.id())).isZero();
		// decided again, the decision commits with its grants' event: the dispatcher carries them from there
		requests.approve(sara, request.id(), null, null);
		assertThat(outboxRows(request.id())).isPositive();
		org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(60))
			.until(() -> delivered.received("acme", granted(request.id(), "payments")).isPresent());
	}

	@Test
	void incompatiblePackagesAreRefusedAtSubmitWithTheConflictNamedAndAnAdminMayMakeAnException() {
		AccessRequest finance = requests.submit(ivan, submission("finance-share", null, "close"));
		requests.approve(manny, finance.id(), null, null);
		assertThatThrownBy(() -> requests.submit(ivan, submission("payments", null, null)))
			.isInstanceOfSatisfying(DomainException.Conflict.class, e -> {
				assertThat(e.problem()).isEqualTo("incompatible-packages");
				assertThat(e.getMessage()).contains("Finance share");
			});
		// a reason from someone who is not an admin does not help
		assertThatThrownBy(() -> requests.submit(ivan, new AccessRequests.Submission("payments", null, null, null, "I need both")))
			.isInstanceOfSatisfying(DomainException.Forbidden.class, e -> assertThat(e.problem()).isEqualTo("admin-only"));
		AccessRequest exception = requests.submit(ada,
				new AccessRequests.Submission("payments", "ivan", null, null, "quarter-end cover, approved by the CFO"));
		assertThat(exception.exceptionReason()).isEqualTo("quarter-end cover, approved by the CFO");
		assertThat(audit.recent("acme", "access.exception.granted", 20))
			.anySatisfy(entry -> assertThat(entry.toString()).contains(exception.id().toString()));
		assertThat(requests.approve(sara, exception.id(), null, null).status()).isEqualTo(AccessRequestStatus.APPROVED);
	}

	@Test
	void approvedAccessExpiresWhenTheClockPassesItsDateAndItsGrantsAreTakenBack() {
		LocalDate tomorrow = LocalDate.now(ZoneOffset.UTC).plusDays(1);
		AccessRequest request = requests.submit(ivan,
				new AccessRequests.Submission("payments", null, null, tomorrow, null));
		AccessRequest approved = requests.approve(sam, request.id(), null, null);
		assertThat(approved.expiresAt()).isEqualTo(tomorrow.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant());
		MutableClock clock = new MutableClock(Instant.now());
		AccessExpiryJob job = new AccessExpiryJob(requests, clock);
		job.run();
		assertThat(requests.get(ivan, request.id()).request().status()).isEqualTo(AccessRequestStatus.APPROVED);

		clock.advance(Duration.ofDays(3));
		// the job opens its own units of work per tenant (a scenario's stimulus runs in a transaction)
		job.run();
		AccessRequests.RequestView view = requests.get(ivan, request.id());
		assertThat(view.request().status()).isEqualTo(AccessRequestStatus.EXPIRED);
		assertThat(view.history()).last().satisfies(d -> assertThat(d.actor()).isEqualTo(AccessRequests.SYSTEM));
		org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(60))
			.until(() -> delivered.received("acme", "grant:" + request.id() + ":payments:compensated").isPresent());
		assertThat(audit.recent("acme", "access.expired", 20))
			.anySatisfy(entry -> assertThat(entry.toString()).contains(request.id().toString()));
		assertThat(requests.held(ivan)).extracting(AccessRequest::id).doesNotContain(request.id());
	}

	@Test
	void theBeneficiarysLeaverRevocationRevokesEveryPackageAndCancelAndRevokeAreChecked(Scenario scenario) {
		AccessRequest held = requests.submit(sara, submission("payments", null, null));
		requests.approve(sam, held.id(), null, null);
		AccessRequest waiting = requests.submit(sara, submission("prod", null, null));
		assertThatThrownBy(() -> requests.cancel(ivan, waiting.id(), null, null))
			.isInstanceOf(DomainException.Forbidden.class);
		assertThat(requests.cancel(sara, waiting.id(), null, "not needed").status()).isEqualTo(AccessRequestStatus.CANCELLED);
		assertThatThrownBy(() -> requests.revoke(manny, held.id(), null, "no"))
			.isInstanceOfSatisfying(DomainException.Forbidden.class, e -> assertThat(e.problem()).isEqualTo("admin-only"));

		scenario.stimulate(() -> transactions.runInTenant("acme", () -> outbox.publish(new AccessRevoked(SARA,
				UUID.randomUUID(), UUID.randomUUID(), "access_revocation", 1, Instant.now()))))
			.andWaitForStateChange(() -> requests.get(sara, held.id()).request().status(), AccessRequestStatus.REVOKED::equals)
			.andVerify(status -> assertThat(delivered.received("acme", "grant:" + held.id() + ":payments:compensated"))
				.isPresent());
		assertThat(audit.recent("acme", "access.revoked", 20))
			.anySatisfy(entry -> assertThat(entry.toString()).contains(held.id().toString()));
	}

	@Test
	void theStatesSayWhereTheyMayGo() {
		assertThat(AccessRequestStatus.SUBMITTED.canTransitionTo(AccessRequestStatus.APPROVED)).isTrue();
		assertThat(AccessRequestStatus.SUBMITTED.canTransitionTo(AccessRequestStatus.EXPIRED)).isFalse();
		assertThat(AccessRequestStatus.APPROVED.canTransitionTo(AccessRequestStatus.REVOKED)).isTrue();
		assertThat(AccessRequestStatus.APPROVED.canTransitionTo(AccessRequestStatus.CANCELLED)).isFalse();
		assertThat(AccessRequestStatus.REJECTED.canTransitionTo(AccessRequestStatus.APPROVED)).isFalse();
	}

	@Test
	void noTemporalOnTheRequestsPath() {
		var classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages("access");
		noClasses().that().resideInAPackage("access..").should().dependOnClassesThat()
			.resideInAnyPackage("io.temporal..", "workflow..", "platform.temporal..").check(classes);
	}

	/** The idempotency key of the request's grant as approved: the grant with the approval's end. */
	private String granted(UUID requestId, String grant) {
		return "grant:" + requestId + ":" + grant + ":granted:" + transactions.readInTenant("acme", () -> jdbc.sql(
				"SELECT expires_at FROM access_requests WHERE id = :id AND status = 'approved'").param("id", requestId)
			.query(java.sql.Timestamp.class).optional()).map(java.sql.Timestamp::toInstant).map(Instant::toString)
			.orElse("not approved yet");
	}

	/** The outbox rows of the request's approval: its grants and its change to version 2. */
	private int outboxRows(UUID requestId) {
		return transactions.readInTenant("acme", () -> jdbc.sql(
				"SELECT count(*) FROM outbox_events WHERE idempotency_key LIKE :grants OR idempotency_key = :decided")
			.param("grants", "grant:" + requestId + ":%")
			.param("decided", AccessRequestChanged.TYPE + ":" + requestId + ":2")
			.query(Integer.class)
			.single());
	}

	/** Ends what earlier tests left approved or waiting for the test users, so incompatibilities start clean. */
	private void cleanUpRequestsOf(String... usernames) {
		transactions.runInTenant("acme", () -> jdbc.sql("""
				UPDATE access_requests SET status = 'cancelled', version = version + 1
				WHERE beneficiary IN (:users) AND status IN ('submitted', 'approved')""")
			.param("users", List.of(usernames))
			.update());
	}

	private static AccessRequests.Submission submission(String pkg, String beneficiary, String justification) {
		return new AccessRequests.Submission(pkg, beneficiary, justification, null, null);
	}

	private static AppUser user(String username, Role role, String... groups) {
		return new AppUser(username, "acme", "Acme Corp", username, Set.of(role), Set.of(groups), true, null);
	}
}
