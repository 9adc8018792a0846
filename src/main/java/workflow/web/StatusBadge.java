package workflow.web;

import workflow.RunStatus;

/** How a run's status reads as a badge on the pages: its label and its Bootstrap colour. */
record StatusBadge(String label, String css) {

	static StatusBadge of(RunStatus status) {
		String css = switch (status) {
			case COMPLETED -> "text-bg-success";
			case REJECTED, START_FAILED, NEEDS_ATTENTION -> "text-bg-danger";
			case RUNNING -> "text-bg-primary";
			case RETURNED -> "text-bg-warning";
			case REQUESTED, WITHDRAWN -> "text-bg-secondary";
		};
		return new StatusBadge(label(status), css);
	}

	/** "needs attention", "start failed": the status as the pages write it. */
	static String label(RunStatus status) {
		return status.value().replace('_', ' ');
	}
}
