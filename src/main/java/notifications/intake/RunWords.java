package notifications.intake;

import outbox.catalog.RunDefinition;

/** How a mail names a run's kind: "joiner run", or "run" when the event did not say. */
final class RunWords {

	private RunWords() {
	}

	static String definition(RunDefinition definition) {
		return definition == null ? "run" : definition.value() + " run";
	}
}
