package platform;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What a module adds to the admin's insights beside the JML runs (the workflow's insights page
 * computes its figures and asks each contributor for its section): the access requests per
 * package, their times to decision and the access ending soon, say. The contributor reads its own
 * tables in the tenant's unit of work; the page only renders what it is given.
 */
public interface InsightsContributor {

	/** The tenant's requests submitted from {@code since}, and what ends within the section's days of {@code now}. */
	RequestInsights requestInsights(String tenantId, Instant since, Instant now);

	/**
	 * One section: {@code title} what the requests are ("Access requests"), {@code item} what one
	 * asks for ("Package"), per item and {@code overall} (item null), and the approved access ending
	 * before {@code now} + {@code endingWithinDays}: {@code endingTotal} of them, the soonest
	 * {@code ending} listed.
	 */
	record RequestInsights(String id, String title, String item, List<ItemFigures> items, ItemFigures overall,
			int endingWithinDays, long endingTotal, List<Ending> ending) {

		public RequestInsights {
			items = List.copyOf(items);
			ending = List.copyOf(ending);
		}
	}

	/**
	 * The requests for one item ({@code key} null: all of them) submitted in the window, by where
	 * they are now: {@code submitted} = {@code waiting} + {@code approved} + {@code rejected} +
	 * {@code cancelled}, where {@code approved} counts every approval, {@code expired} and
	 * {@code revoked} those of them that ended since; and the times from submission to the final
	 * decision (the last approval or a rejection).
	 */
	record ItemFigures(String key, String name, long submitted, long waiting, long approved, long rejected,
			long cancelled, long expired, long revoked, DecisionTimes decisionTimes) {
	}

	/** Median and 90th percentile of {@code decided} requests' times to decision (null when none was decided). */
	record DecisionTimes(long decided, Duration median, Duration p90) {
	}

	/** Approved access ending at {@code endsAt}: for whom, of what, and the request's page. */
	record Ending(String beneficiary, String item, Instant endsAt, String href) {
	}
}
