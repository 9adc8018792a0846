package access.demo;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import access.AccessCatalog;
import access.AccessPackage;
import access.AccessRequest;
import access.AccessRequests;
import access.ApprovalPolicy;
import platform.AppUser;
import platform.ExpectedVersion;
import platform.TenantTransactions;
import platform.UserDirectory;

/**
 * The demo's access catalog in acme and requests in every state, through the same services the
 * pages use: hana's finance share waits on manny (in his inbox), sara's VPN is approved, sam's
 * production access rejected, hana's VPN cancelled, ivan's payments approval (an admin's exception
 * to its incompatibility with the finance share he holds) revoked, and sam's finance share expired
 * as the expiry job finds it two days after its last day; pia, an employee without a role, asks for
 * the VPN, waiting on ivan. Each package's grant is mapped to a group of
 * the demo directory (provisioning.demo), so the approved ones are memberships there until their end,
 * and the revoked and expired ones were taken back. Once per database (acme's catalog has no
 * version yet), in the background after startup; {@code DEMO_STORY=false} switches it off.
 */
@Component
@ConditionalOnBooleanProperty({ "jmlhub.demo", "jmlhub.demo-story" })
class AccessDemo {

	private static final Logger log = LoggerFactory.getLogger(AccessDemo.class);
	private static final String TENANT = "acme";

	private final AccessCatalog catalog;
	private final AccessRequests requests;
	private final UserDirectory directory;
	private final TenantTransactions transactions;
	private final Clock clock;

	AccessDemo(AccessCatalog catalog, AccessRequests requests, UserDirectory directory, TenantTransactions transactions,
			Clock clock) {
		this.catalog = catalog;
		this.requests = requests;
		this.directory = directory;
		this.transactions = transactions;
		this.clock = clock;
	}

	@EventListener
	void ready(ApplicationReadyEvent event) {
		Thread thread = new Thread(this::tell, "access-demo");
		thread.setDaemon(true);
		thread.start();
	}

	private void tell() {
		try {
			if (catalog.packages(TENANT).version() > 0) {
				return;
			}
			AppUser ada = user("ada");
			catalog.save(ada, ExpectedVersion.of(null, 0), List.of(
					new AccessPackage("finance-share", "Finance share", "Read and write the finance team's share",
							List.of("finance-share"), List.of(), ApprovalPolicy.GROUP, "managers", 1, 90, true, false,
							List.of("payments-approve")),
					new AccessPackage("payments-approve", "Payments approval", "Approve outgoing payments in the bank portal",
							List.of("payments-approve"), List.of(), ApprovalPolicy.GROUP, "security", 1, 30, true, false,
							List.of()),
					new AccessPackage("prod-read", "Production read access", "Read-only access to the production servers",
							List.of("prod-read"), List.of(), ApprovalPolicy.GROUP, "it", 1, 14, true, true, List.of()),
					new AccessPackage("vpn", "VPN", "Remote access to the office network", List.of("vpn"), List.of(),
							ApprovalPolicy.GROUP, "it", 1, 366, false, false, List.of())));
			AppUser hana = user("hana");
			AppUser manny = user("manny");
			AppUser ivan = user("ivan");
			AppUser sara = user("sara");
			AppUser sam = user("sam");
			LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
			requests.submit(hana, submission("finance-share", null, "Month-end close with the finance team", null));
			AccessRequest vpn = requests.submit(sara, submission("vpn", null, null, null));
			requests.approve(ivan, vpn.id(), null, "Standard remote access");
			AccessRequest prod = requests.submit(sam, submission("prod-read", null, "Look at a failing job", null));
			requests.reject(ivan, prod.id(), null, "Ask the on-call engineer to share the logs instead");
			AccessRequest hanasVpn = requests.submit(hana, submission("vpn", null, null, null));
			requests.cancel(hana, hanasVpn.id(), null, "Working from the office this month");
			AccessRequest finance = requests.submit(ivan, submission("finance-share", null, "Budget planning", null));
			requests.approve(manny, finance.id(), null, null);
			AccessRequest payments = requests.submit(ada, new AccessRequests.Submission("payments-approve", "ivan",
					"Cover for the treasurer", null, "Treasurer on leave; approved by the CFO"));
			requests.approve(sara, payments.id(), null, null);
			requests.revoke(ada, payments.id(), null, "The treasurer is back");
			AccessRequest shortFinance = requests.submit(sam, submission("finance-share", null, "Quarterly audit",
					today.plusDays(1)));
			requests.approve(manny, shortFinance.id(), null, null);
			// as the expiry job finds it two days after its last day
			requests.expireDue(TENANT, clock.instant().plus(2, ChronoUnit.DAYS), 10);
			// an employee without a role asks for remote access: it waits on the it group (ivan)
			requests.submit(user("pia"), submission("vpn", null, null, null));
			log.info("Demo access requests: hana's finance share waits on manny, sara holds the VPN, sam's production "
					+ "access was rejected, hana cancelled hers, ivan's payments exception was revoked, sam's finance share expired, "
					+ "pia's VPN waits on ivan");
		}
		catch (RuntimeException e) {
			log.warn("Demo access requests stopped early: {}", e.getMessage());
		}
	}

	private AppUser user(String username) {
		return transactions.readInTenant(TENANT, () -> directory.find(username)
			.map(u -> new AppUser(u.username(), TENANT, "Acme Corp", u.displayName(), u.roles(), u.groups(), true, null))
			.orElseThrow(() -> new IllegalStateException("demo user " + username + " is missing")));
	}

	private static AccessRequests.Submission submission(String pkg, String beneficiary, String why, LocalDate until) {
		return new AccessRequests.Submission(pkg, beneficiary, why, until, null);
	}
}
