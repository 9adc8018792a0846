package workflow.definition;

import java.time.Instant;
import java.util.List;

/**
 * One saved version of a definition: who saved it, when, its stages, and whether a run's requester
 * may approve it (separation of duties; off by default).
 */
public record DefinitionVersion(String key, int version, String title, List<DefinitionStage> stages, String savedBy,
		Instant savedAt, boolean requesterMayApprove) {
}
