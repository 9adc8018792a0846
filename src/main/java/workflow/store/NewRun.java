package workflow.store;

import java.time.Instant;
import java.util.UUID;
import outbox.catalog.RunDefinition;

/**
 * A run to create from an HR event; {@code startNotBefore} is set for a pre-hire joiner that waits;
 * {@code definitionVersion} is the definition version whose stages the run snapshots,
 * {@code requesterMayApprove} its separation-of-duties exception.
 */
public record NewRun(UUID id, RunDefinition definition, String definitionTitle, RunTrigger trigger, Instant startNotBefore,
		int definitionVersion, boolean requesterMayApprove) {
}
