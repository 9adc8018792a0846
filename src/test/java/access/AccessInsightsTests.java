package access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import access.testing.AccessTenant;
import outbox.OutboxPublisher;
import platform.ApproverDelegations;
import platform.Attachments;
import platform.ExpectedVersion;
import platform.InsightsContributor;
import platform.PlatformAudit;
import platform.ReportingLines;
import platform.Role;
import platform.TenantTransactions;
import platform.UserDirectory;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.MutableClock;

/**
 * The access module's figures for the insights page, on the real database: requests in every
 * state, made and decided through the module's own API at the instants a moved clock says, give
 * exact counts and times to decision per package and overall; only the window's requests count, only
 * the tenant's (another tenant's requests are in none of them); the approved access ending soon is
 * listed soonest first with its request's page. The insights page renders the section.
 */
@JmlHubIntegrationTest
class AccessInsightsTests {

	@LocalServerPort
	int port;

	@Autowired
	AccessCatalog catalog;

	@Autowired
	AccessRequests requests;

	@Autowired
	List<InsightsContributor> contributors;

	@Autowired
	RequestRepository requestRepository;

	@Autowired
	DecisionRepository decisionRepository;

	@Autowired
	AccessRules rules;

	@Autowired
	UserDirectory directory;

	@Autowired
	ReportingLines reportingLines;

	@Autowired
	ApproverDelegations delegations;

	@Autowired
	PlatformAudit audit;

	@Autowired
	OutboxPublisher outbox;

	@Autowired
	Attachments attachments;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void eachPackagesRequestsAreCountedByStateAndTimedToTheirDecisionInTheTenantAndWindowOnly() {
		Instant t0 = Instant.now().minus(20, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
		MutableClock clock = new MutableClock(t0.minus(5, ChronoUnit.DAYS));
		AccessRequests atTime = new AccessRequests(transactions, catalog, requestRepository, decisionRepository, rules,
				directory, reportingLines, delegations, audit, outbox, attachments, clock);
		AccessTenant tenant = tenant("aci");
		AccessTenant other = tenant("acj");

		// before the window: pim's VPN, approved at once; it ends within 30 days of now, so it is listed as ending
		AccessRequest pimHeld = approve(atTime, clock, tenant, "pim", "vpn", null, Duration.ofHours(1));
		clock.advance(Duration.ofDays(5).minusHours(1));
		// the window: from a day before t0
		AccessRequest ritaVpn = approve(atTime, clock, tenant, "rita", "vpn", null, Duration.ofHours(2));
		AccessRequest omarVpn = approve(atTime, clock, tenant, "omar", "vpn", null, Duration.ofHours(4));
		AccessRequest lenaVpn = atTime.submit(tenant.user("lena"), submission("vpn", null));
		clock.advance(Duration.ofHours(10));
		atTime.reject(tenant.user("gwen"), lenaVpn.id(), null, "not for this team");
		AccessRequest pimVpn = atTime.submit(tenant.user("pim"), submission("vpn", null));
		clock.advance(Duration.ofHours(1));
		atTime.cancel(tenant.user("pim"), pimVpn.id(), null, "asked twice");
		atTime.submit(tenant.user("rita"), submission("wiki", null));
		approve(atTime, clock, tenant, "omar", "wiki", null, Duration.ofHours(24));
		LocalDate lenaUntil = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).plusDays(2);
		AccessRequest lenaWiki = approve(atTime, clock, tenant, "lena", "wiki", lenaUntil, Duration.ofHours(8));
		clock.advance(Duration.ofDays(3));
		// (the running expiry job may have been first: the request's end is in the past of the real clock)
		atTime.expireDue(tenant.id, clock.instant(), 10);
		assertThat(atTime.get(tenant.user("lena"), lenaWiki.id()).request().status()).isEqualTo(AccessRequestStatus.EXPIRED);
		atTime.revoke(tenant.user("boss"), omarVpn.id(), null, "moved team");
		// another tenant's approval in the same window counts in none of the tenant's figures
		approve(atTime, clock, other, "rita", "vpn", null, Duration.ofMinutes(30));

		Instant since = t0.minus(1, ChronoUnit.DAYS);
		Instant now = t0.plus(20, ChronoUnit.DAYS);
		AccessRequests.Figures figures = requests.figures(tenant.id, since, now, 30, 50);
		// vpn decided in 2 h, 4 h (approved) and 10 h (rejected); wiki in 24 h and 8 h (approved); p90 interpolated
		assertThat(figures.packages()).containsExactly(
				new InsightsContributor.ItemFigures("vpn", "VPN", 4, 0, 2, 1, 1, 0, 1,
						new InsightsContributor.DecisionTimes(3, Duration.ofHours(4), Duration.ofMinutes(8 * 60 + 48))),
				new InsightsContributor.ItemFigures("wiki", "Wiki", 3, 1, 2, 0, 0, 1, 0,
						new InsightsContributor.DecisionTimes(2, Duration.ofHours(16), Duration.ofMinutes(22 * 60 + 24))));
		assertThat(figures.overall()).isEqualTo(new InsightsContributor.ItemFigures(null, "All packages", 7, 1, 4, 1, 1, 1, 1,
				new InsightsContributor.DecisionTimes(5, Duration.ofHours(8), Duration.ofMinutes(18 * 60 + 24))));
		// still approved and ending before now + 30 days, soonest first, whenever submitted: pim's, then rita's
		assertThat(figures.expiringTotal()).isEqualTo(2);
		assertThat(figures.expiring()).extracting(AccessRequest::id).containsExactly(pimHeld.id(), ritaVpn.id());
		assertThat(requests.figures(tenant.id, since, now, 30, 1).expiring()).extracting(AccessRequest::id)
			.containsExactly(pimHeld.id());
		assertThat(requests.figures(tenant.id, since, now, 30, 1).expiringTotal()).isEqualTo(2);

		// the other tenant sees only its own one request
		AccessRequests.Figures others = requests.figures(other.id, since, now, 30, 50);
		assertThat(others.overall().submitted()).isEqualTo(1);
		assertThat(others.packages()).singleElement().satisfies(f -> {
			assertThat(f.approved()).isEqualTo(1);
			assertThat(f.decisionTimes().median()).isEqualTo(Duration.ofMinutes(30));
		});
		assertThat(others.expiring()).extracting(AccessRequest::beneficiary).containsExactly("rita");

		// what the insights page is given: the same figures, the beneficiaries by name, the requests' pages
		InsightsContributor.RequestInsights section = contributors.stream()
			.map(c -> c.requestInsights(tenant.id, since, now))
			.filter(s -> s.id().equals("access"))
			.findFirst().orElseThrow();
		assertThat(section.items()).extracting(InsightsContributor.ItemFigures::name, InsightsContributor.ItemFigures::submitted)
			.containsExactly(tuple("VPN", 4L), tuple("Wiki", 3L));
		assertThat(section.overall().decisionTimes()).isEqualTo(new InsightsContributor.DecisionTimes(5,
				Duration.ofHours(8), Duration.ofMinutes(18 * 60 + 24)));
		assertThat(section.endingWithinDays()).isEqualTo(30);
		assertThat(section.ending()).extracting(InsightsContributor.Ending::beneficiary, InsightsContributor.Ending::href)
			.containsExactly(tuple("Pim Tester", "/access/requests/" + pimHeld.id()),
					tuple("Rita Tester", "/access/requests/" + ritaVpn.id()));
		// a window starting later leaves the earlier requests out
		assertThat(requests.figures(tenant.id, now, now, 30, 50).overall().submitted()).isZero();
		assertThat(requests.figures(tenant.id, now, now, 30, 50).packages()).isEmpty();
	}

	@Test
	void theInsightsPageShowsTheAccessRequestsAndTheAccessEndingSoonOfItsTenant() {
		AccessTenant tenant = tenant("ack");
		AccessRequest approved = requests.approve(tenant.user("gwen"),
				requests.submit(tenant.user("rita"), submission("vpn", LocalDate.now(ZoneOffset.UTC).plusDays(5))).id(),
				null, null);
		requests.submit(tenant.user("omar"), submission("wiki", null));

		HttpResponse<String> page = ConsoleSession.login(port, tenant.login("boss")).get("/admin/insights");
		assertThat(page.statusCode()).isEqualTo(200);
		String body = page.body();
		assertThat(body).contains("id=\"access-title\"", "Access requests", "id=\"table-access-requests\"",
				"id=\"table-access-ending\"", "Ending within 30 days", "1 approval ends",
				"href=\"/access/requests/" + approved.id() + "\"", "Rita Tester");
		String vpnRow = body.substring(body.indexOf("data-key=\"vpn\""), body.indexOf("</tr>", body.indexOf("data-key=\"vpn\"")));
		// submitted 1, waiting 0; all packages: submitted 2, waiting 1
		assertThat(vpnRow).contains(">VPN<", "<td class=\"text-end\">1</td><td class=\"text-end\">0</td>");
		assertThat(body.substring(body.indexOf("id=\"access-overall\""))).contains(">All packages<",
				"<td class=\"text-end\">2</td><td class=\"text-end\">1</td>");
		// the admin's catalog page points there
		assertThat(ConsoleSession.login(port, tenant.login("boss")).get("/admin/access-packages").body())
			.contains("href=\"/admin/insights#access-title\"");

		// another tenant's admin does not see the request
		AccessTenant other = tenant("acl");
		assertThat(ConsoleSession.login(port, other.login("boss")).get("/admin/insights").body())
			.contains("id=\"access-title\"", "No requests in these weeks.", "Nothing approved ends in the next 30 days.")
			.doesNotContain(approved.id().toString());
	}

	/** A tenant of its own with two packages approved by gwen (security), and people to ask for them. */
	private AccessTenant tenant(String prefix) {
		AccessTenant tenant = new AccessTenant(transactions, jdbc, prefix).add("gwen", Role.APPROVER, "security")
			.add("rita", Role.APPROVER).add("omar", Role.APPROVER).add("lena", Role.APPROVER).add("pim", Role.APPROVER);
		catalog.save(tenant.user("boss"), ExpectedVersion.of(null, 0), List.of(
				new AccessPackage("vpn", "VPN", "Remote access", List.of("vpn-access"), List.of(), ApprovalPolicy.GROUP,
						"security", 1, 30, false, false, List.of()),
				new AccessPackage("wiki", "Wiki", "The team wiki", List.of("wiki-access"), List.of(), ApprovalPolicy.GROUP,
						"security", 1, 60, false, false, List.of())));
		return tenant;
	}

	/** {@code who} asks for {@code pkg} until {@code until}; gwen approves {@code after} later. */
	private static AccessRequest approve(AccessRequests atTime, MutableClock clock, AccessTenant tenant, String who,
			String pkg, LocalDate until, Duration after) {
		AccessRequest request = atTime.submit(tenant.user(who), submission(pkg, until));
		clock.advance(after);
		return atTime.approve(tenant.user("gwen"), request.id(), null, null);
	}

	private static AccessRequests.Submission submission(String pkg, LocalDate until) {
		return new AccessRequests.Submission(pkg, null, null, until, null);
	}
}
