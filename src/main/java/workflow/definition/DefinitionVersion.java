package workflow.definition;

import java.time.Instant;
import java.util.List;

/** One saved version of a definition: who saved it, when, and its stages. */
public record DefinitionVersion(String key, int version, String title, List<DefinitionStage> stages, String savedBy,
		Instant savedAt) {
}
