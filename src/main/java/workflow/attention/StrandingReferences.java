package workflow.attention;

import java.util.List;
import java.util.Set;

import org.springframework.stereotype.Component;

import platform.DirectoryReferences;

/**
 * Tells the tenant administration which open stages a change of the directory strands: before a
 * user is disabled (the confirm page lists them) and once approvers were removed (the open stages
 * are re-evaluated when the change commits, through the outbox).
 */
@Component
class StrandingReferences implements DirectoryReferences {

	private final StrandedStages stranded;
	private final ApproverChanges changes;

	StrandingReferences(StrandedStages stranded, ApproverChanges changes) {
		this.stranded = stranded;
		this.changes = changes;
	}

	@Override
	public void approversRemoved(String change) {
		changes.announce(change);
	}

	@Override
	public void approversRemoved(String change, Set<String> users, Set<String> groups) {
		changes.announce(change, users, groups);
	}

	@Override
	public List<Reference> strandedWithout(String username) {
		return stranded.strandedWithout(username);
	}

	/** The definitions' references name the open assignments already. */
	@Override
	public List<String> openAssignments(String username) {
		return List.of();
	}

	/** The definitions' references name the open stages already. */
	@Override
	public List<String> groupReferences(String group) {
		return List.of();
	}
}
