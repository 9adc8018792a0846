package workflow;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What approving grant label {@code grant} would change, computed now: one {@link Step} per target
 * an entitlement maps it to; no steps (and {@code mapped} false) when no entitlement maps it, so
 * the grant makes no directory change.
 */
@Schema(description = "What approving the grant would change in the directories, computed when asked")
public record GrantPlan(String grant,
		@Schema(description = "Whether an entitlement maps the grant to a target; false: no directory change") boolean mapped,
		List<Step> steps) {

	/**
	 * The grant on one target: the account's {@code dn} and {@code ou} (its parent), the managed
	 * attributes that differ from what the directory holds ({@code attributesToSet}), the groups to
	 * join and to leave, and what exists: whether the account is there ({@code entryExists}, at
	 * {@code foundAt} when elsewhere, such as a transfer's old OU) and which of its groups it already
	 * holds. {@code error} says why the directory could not be read (then only target and operation
	 * are known). {@code enabledOn} is the start date an account created disabled is enabled on.
	 */
	@Schema(name = "GrantPlanStep", description = "The grant on one target")
	public record Step(String target, String profile,
			@Schema(description = """
					ensure: create or update the account, add its memberships and leave the groups only a former \
					department gave it (groupsToRemove, a mover's); disable: a leaver's revocation, \
					the account the employee holds (dn) leaves its groups (groupsToRemove) and is disabled under ou \
					at the end of the last day (entryExists false: nothing held, nothing to disable)""") String operation,
			String dn, String ou, Map<String, String> attributesToSet, List<String> groupsToAdd,
			List<String> groupsToRemove, Boolean entryExists,
			@Schema(description = "Where the account is now when not at dn (a transfer moves it)") String foundAt,
			List<String> groupsHeld,
			@Schema(description = "Why the plan could not be read from the target; null when it was") String error,
			@Schema(description = """
					ensure: the account is created disabled (in no group), or kept disabled where it is (entryExists: \
					an earlier grant keeps it so until the start date), and enabled, its groups added, at 00:00 UTC \
					of this date, the employee's start date; null: enabled when the grant applies""") LocalDate enabledOn) {

		public Step(String target, String profile, String operation, String dn, String ou,
				Map<String, String> attributesToSet, List<String> groupsToAdd, List<String> groupsToRemove,
				Boolean entryExists, String foundAt, List<String> groupsHeld, String error) {
			this(target, profile, operation, dn, ou, attributesToSet, groupsToAdd, groupsToRemove, entryExists, foundAt,
					groupsHeld, error, null);
		}

		/** A step whose target could not be read or whose plan could not be made. */
		public static Step unreadable(String target, String profile, String operation, String error) {
			return new Step(target, profile, operation, null, null, Map.of(), List.of(), List.of(), null, null, List.of(),
					error);
		}
	}
}
