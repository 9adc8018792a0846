package platform;

import java.util.List;

/**
 * SPI for modules whose data names users or groups (the workflow's definitions and open stages).
 * The tenant administration asks every implementation, inside the tenant's unit of work, so it
 * can flag a disabled user's open assignments and refuse to rename a group something still names.
 * Each answer is a list of human-readable references ("run of Ann Lee: stage Security approval").
 */
public interface DirectoryReferences {

	/** Open work assigned to {@code username} (stages waiting for their decision). */
	List<String> openAssignments(String username);

	/** What names {@code group} now (definition stages, open stages). */
	List<String> groupReferences(String group);
}
