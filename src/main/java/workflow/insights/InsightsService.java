package workflow.insights;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.time.DayOfWeek;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

import platform.InsightsContributor;
import platform.InsightsContributor.RequestInsights;
import platform.TenantTransactions;

/**
 * The insights of a tenant, read from the run projection in one tenant unit of work. The
 * aggregates read every run, stage and action of the tenant (seconds for a large tenant), so a computed
 * dashboard is served for {@code workflow.insights.max-age} and computed once per tenant at a
 * time: the other viewers wait for that one computation instead of starting their own. The other
 * modules' sections ({@link InsightsContributor}s: the access requests) are asked for the same
 * window and moment, each reading its own tables in its own unit of work.
 */
@Service
public class InsightsService {

	/** How many weeks the weekly chart covers, this one included. */
	static final int WEEKS = 12;

	static final int APPROVERS = 20;

	private final TenantTransactions transactions;
	private final InsightsRepository repository;
	private final RunHistoryCsv csv;
	private final List<InsightsContributor> contributors;
	private final Clock clock;
	private final Duration maxAge;
	private final ConcurrentMap<String, Snapshot> snapshots = new ConcurrentHashMap<>();

	InsightsService(TenantTransactions transactions, InsightsRepository repository, RunHistoryCsv csv,
			List<InsightsContributor> contributors, Clock clock, @Value("${workflow.insights.max-age}") Duration maxAge) {
		this.transactions = transactions;
		this.repository = repository;
		this.csv = csv;
		this.contributors = List.copyOf(contributors);
		this.clock = clock;
		this.maxAge = maxAge;
	}

	/** The tenant's dashboard, computed at most {@code maxAge} ago ({@link Insights#at()} says when). */
	public Insights insights(String tenantId) {
		return snapshots.computeIfAbsent(tenantId, tenant -> new Snapshot()).get(tenantId);
	}

	/** One tenant's last dashboard; its lock makes concurrent viewers share one computation. */
	private final class Snapshot {

		private Insights insights;

		synchronized Insights get(String tenantId) {
			if (insights == null || !insights.at().plus(maxAge).isAfter(clock.instant())) {
				insights = compute(tenantId);
			}
			return insights;
		}
	}

	private Insights compute(String tenantId) {
		Instant now = clock.instant();
		LocalDate since = LocalDate.ofInstant(now, ZoneOffset.UTC)
			.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))
			.minusWeeks(WEEKS - 1);
		Instant from = since.atStartOfDay(ZoneOffset.UTC).toInstant();
		Insights runs = transactions.readInTenant(tenantId, () -> new Insights(now.truncatedTo(ChronoUnit.SECONDS), since,
				repository.weekly(from), repository.runDurations(), repository.stageDurations(), repository.slaBreaches(now),
				repository.openByStage(), repository.approvals(APPROVERS), List.of()));
		List<RequestInsights> requests = contributors.stream()
			.map(contributor -> contributor.requestInsights(tenantId, from, now))
			.toList();
		return new Insights(runs.at(), runs.since(), runs.weekly(), runs.runDurations(), runs.stageDurations(),
				runs.slaBreaches(), runs.openByStage(), runs.approvals(), requests);
	}

	/** Writes the tenant's run history as CSV, header first, streaming the rows as they are read. */
	public void writeRunHistory(String tenantId, Writer out) {
		transactions.readInTenant(tenantId, () -> {
			try {
				csv.header(out);
			}
			catch (IOException e) {
				throw new UncheckedIOException(e);
			}
			repository.runHistory(csv, out);
			return null;
		});
	}
}
