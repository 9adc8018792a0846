package workflow.store;

import java.util.stream.Collectors;

import workflow.ActionKind;

/** How a query asks "is this action a decision that counts", in the one form the plans need. */
final class Decisions {

	/**
	 * The condition on the actions table aliased {@code %s}: a decision the workflow did not ignore.
	 * It repeats the predicate of {@code workflow_actions_one_decision_idx} with literals (a bound
	 * list cannot prove it), so a lookup of one stage's decisions is a probe of that index; anything
	 * else is a scan of every action.
	 */
	static final String COUNTED = ActionKind.DECISIONS.stream()
		.map(kind -> "'" + kind.value() + "'")
		.collect(Collectors.joining(", ", "%1$s.action IN (", ") AND %1$s.outcome IS DISTINCT FROM 'ignored'"));

	private Decisions() {
	}
}
