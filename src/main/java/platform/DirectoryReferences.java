package platform;

import java.util.List;
import java.util.Set;

/**
 * SPI for modules whose data names users or groups (the workflow's definitions and open stages).
 * The tenant administration asks every implementation, inside the tenant's unit of work, so it
 * can flag a disabled user's open assignments and refuse to rename a group something still names,
 * and tells each when approvers may have been added.
 * Each answer is a list of human-readable references ("run of Ann Lee: stage Security approval").
 */
public interface DirectoryReferences {

	/** Open work assigned to {@code username} (stages waiting for their decision). */
	List<String> openAssignments(String username);

	/** What names {@code group} now (definition stages, open stages). */
	List<String> groupReferences(String group);

	/**
	 * The directory may have gained approvers ({@code change}: a member added to a group, a user
	 * enabled or given roles), inside the tenant's unit of work of the change: work that waits for
	 * approvers may go on now.
	 */
	default void approversAdded(String change) {
	}

	/**
	 * {@link #approversAdded(String)} that names whom the change concerns (the users whose state or
	 * membership changed, the groups that gained members), so that only the work naming them needs a
	 * look.
	 */
	default void approversAdded(String change, Set<String> users, Set<String> groups) {
		approversAdded(change);
	}

	/**
	 * The directory may have lost approvers ({@code change}: a user disabled, a member removed, a
	 * role taken away), inside the tenant's unit of work of the change: work that nobody left can
	 * decide should show as blocked.
	 */
	default void approversRemoved(String change) {
	}

	/** {@link #approversRemoved(String)} that names whom the change concerns (as {@link #approversAdded(String, Set, Set)}). */
	default void approversRemoved(String change, Set<String> users, Set<String> groups) {
		approversRemoved(change);
	}

	/**
	 * Open work that nobody could decide any more if {@code username} could not (what disabling
	 * them would strand), as human-readable references with the console page of each; asked before
	 * the change.
	 */
	default List<Reference> strandedWithout(String username) {
		return List.of();
	}

	/** A human-readable reference and the console page that shows what it names (null: none). */
	record Reference(String text, String path) {
	}
}
