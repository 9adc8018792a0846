package workflow;

import java.util.List;

/**
 * What the admin's needs-attention page lists: runs that need attention (or repair), runs that
 * failed to start, undeliverable decisions and stages blocked for lack of approvers.
 */
public record AttentionOverview(List<Run> needsAttention, List<Run> startFailed, List<Action> undeliverable,
		List<BlockedStage> blocked) {

	public boolean empty() {
		return needsAttention.isEmpty() && startFailed.isEmpty() && undeliverable.isEmpty() && blocked.isEmpty();
	}
}
