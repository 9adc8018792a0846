package access.web;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Component;

import access.AccessRequest;
import access.AccessRequests;
import platform.InsightsContributor;
import platform.TenantTransactions;
import platform.UserDirectory;

/**
 * The access requests on the admin's insights page beside the JML runs: per package, the requests
 * of the page's window by where they are now and their times to decision, and the approved access
 * ending within {@link #ENDING_DAYS} days, soonest first. The figures are the access module's own
 * SQL ({@link AccessRequests#figures}); the page renders what it is given.
 */
@Component
class AccessInsights implements InsightsContributor {

	/** How far ahead the ending access looks. */
	static final int ENDING_DAYS = 30;

	/** How many of the ending ones are listed (all of them are counted). */
	static final int ENDING_LISTED = 50;

	private final AccessRequests requests;
	private final UserDirectory directory;
	private final TenantTransactions transactions;

	AccessInsights(AccessRequests requests, UserDirectory directory, TenantTransactions transactions) {
		this.requests = requests;
		this.directory = directory;
		this.transactions = transactions;
	}

	@Override
	public RequestInsights requestInsights(String tenantId, Instant since, Instant now) {
		AccessRequests.Figures figures = requests.figures(tenantId, since, now, ENDING_DAYS, ENDING_LISTED);
		Map<String, String> names = figures.expiring().isEmpty() ? Map.of() : transactions.readInTenant(tenantId,
				() -> directory.displayNames(figures.expiring().stream().map(AccessRequest::beneficiary).distinct().toList()));
		List<Ending> ending = figures.expiring().stream()
			.map(r -> new Ending(names.getOrDefault(r.beneficiary(), r.beneficiary()), r.packageName(), r.expiresAt(),
					"/access/requests/" + r.id()))
			.toList();
		return new RequestInsights("access", "Access requests", "Package", figures.packages(), figures.overall(),
				ENDING_DAYS, figures.expiringTotal(), ending);
	}
}
