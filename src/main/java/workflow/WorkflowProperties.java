package workflow;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the workflow module ({@code workflow.*} in application.yml).
 *
 * @param jml the start chain
 * @param engine timings handed to the Temporal workflow and its activities
 * @param jobs what the workflow jobs pick up per round
 */
@ConfigurationProperties(prefix = "workflow")
public record WorkflowProperties(Jml jml, Engine engine, Jobs jobs) {

	/**
	 * @param autoStartEnabled whether HR events start runs at all (off: the handlers log and skip)
	 * @param startMaxAttempts delivery attempts of a start request before the run is {@code start_failed}
	 * @param prehireLeadDays null: joiner runs start at once. N: a joiner whose start date is more
	 *     than N days ahead waits in {@code requested} until N days before the start date (UTC
	 *     midnight), when the {@code workflow_prehire_start} job requests its start
	 */
	public record Jml(boolean autoStartEnabled, int startMaxAttempts, Integer prehireLeadDays) {
	}

	/**
	 * @param activityTimeout start-to-close timeout of one activity attempt
	 * @param activityMaxRetryInterval cap of the retry backoff of activities (transport failures retry without limit)
	 * @param blockedRetryInitial first wait before re-activating a blocked stage; doubles each time
	 * @param blockedRetryMax cap of that wait
	 * @param historyLimit history events of an execution after which a blocked stage's wait continues
	 *     as new (bounded history)
	 * @param blockedMaxRetries tries of a blocked stage after which the run needs attention
	 */
	public record Engine(Duration activityTimeout, Duration activityMaxRetryInterval, Duration blockedRetryInitial,
			Duration blockedRetryMax, Integer historyLimit, Integer blockedMaxRetries) {

		public Engine {
			historyLimit = historyLimit == null ? 2000 : historyLimit;
			blockedMaxRetries = blockedMaxRetries == null ? 1000 : blockedMaxRetries;
			if (historyLimit < 100 || blockedMaxRetries < 1) {
				throw new IllegalArgumentException(
						"workflow.engine.history-limit must be at least 100 and blocked-max-retries at least 1");
			}
		}
	}

	/**
	 * @param signalRedeliveryDelay an undelivered decision signal is re-sent once it is this old; also
	 *     the first wait after a failed send, which doubles per failure
	 * @param batchSize rows one job round handles per tenant
	 * @param signalRetryMaxDelay cap of the wait between two sends of one action
	 * @param signalMaxAttempts sends of one action after which it is undeliverable (left for an admin)
	 */
	public record Jobs(Duration signalRedeliveryDelay, int batchSize, Duration signalRetryMaxDelay,
			int signalMaxAttempts) {

		public Jobs {
			if (signalRetryMaxDelay == null) {
				signalRetryMaxDelay = Duration.ofMinutes(10);
			}
			if (signalMaxAttempts < 1) {
				throw new IllegalArgumentException("workflow.jobs.signal-max-attempts must be at least 1");
			}
		}
	}
}
