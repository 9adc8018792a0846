package workflow.engine.temporal;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/**
 * Stable UUIDs for the readable labels the workflow tests use ("manager" for a stage, "a1" for an
 * action), and back, so recorded calls read as before. The committed histories carry these ids.
 */
final class TestIds {

	static final List<String> LABELS = List.of("manager", "it", "security", "notify", "a1", "a2", "a3", "a4", "a5", "a6",
			"run-1");

	private TestIds() {
	}

	static UUID id(String label) {
		return label == null ? null : UUID.nameUUIDFromBytes(("jml-test:" + label).getBytes(StandardCharsets.UTF_8));
	}

	static String label(UUID id) {
		return LABELS.stream().filter(label -> id(label).equals(id)).findFirst().orElse(String.valueOf(id));
	}
}
