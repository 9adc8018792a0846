package workflow.insights;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import platform.InsightsContributor.RequestInsights;

/**
 * What the insights dashboard shows, read at {@code at}: weekly counts since {@code since}, the
 * other run figures over the whole history of the tenant; and the other modules' requests submitted
 * since {@code since} ({@code requests}: a section each, the access requests, say).
 */
public record Insights(Instant at, LocalDate since, List<WeeklyCount> weekly, List<Durations> runDurations,
		List<Durations> stageDurations, List<SlaBreaches> slaBreaches, List<OpenStage> openByStage,
		List<ApproverCount> approvals, List<RequestInsights> requests) {

	/** Runs of a definition started and finished in the week beginning {@code week} (a Monday, UTC). */
	public record WeeklyCount(LocalDate week, String definition, long started, long finished) {
	}

	/**
	 * Time to complete, in hours: of runs per definition ({@code stage} null), or of a stage from
	 * its activation to its decision.
	 */
	public record Durations(String definition, String stage, long count, double medianHours, double p90Hours) {
	}

	/** Stages of a title assigned to {@code group} that had an SLA, and how many went past it. */
	public record SlaBreaches(String stage, String group, long withSla, long breached) {
	}

	/** Live runs whose current stage is {@code stage} ("between stages" when none). */
	public record OpenStage(String definition, String stage, long runs) {
	}

	/** Approvals recorded by one approver (the ignored ones not counted). */
	public record ApproverCount(String approver, long approvals) {
	}
}
