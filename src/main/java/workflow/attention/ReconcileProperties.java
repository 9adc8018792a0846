package workflow.attention;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How a reconciliation round reads and checks the live runs ({@code workflow.reconcile.*}).
 *
 * @param parallelism describe calls to Temporal in flight at once: a small fixed pool, so a round
 *     over 10,000 runs takes seconds without flooding the frontend
 * @param batchSize live runs read, checked and recorded per batch of a round
 */
@ConfigurationProperties(prefix = "workflow.reconcile")
record ReconcileProperties(int parallelism, int batchSize) {

	ReconcileProperties {
		if (parallelism < 1 || parallelism > 64 || batchSize < 1 || batchSize > 5000) {
			throw new IllegalArgumentException(
					"workflow.reconcile.parallelism must be 1-64 and workflow.reconcile.batch-size 1-5000");
		}
	}
}
