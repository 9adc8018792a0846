package hr;

import java.time.LocalDate;
import java.time.Period;
import java.util.UUID;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import io.swagger.v3.oas.annotations.media.Schema;
import outbox.catalog.RunDefinition;
import platform.DomainException;

/** The HR write requests; the same records back the JSON API and the console forms. */
public final class EmployeeCommands {

	private EmployeeCommands() {
	}

	/**
	 * Joiner. {@code manager} is optional: the employee number of an employee of the same tenant, or
	 * the username of one of its APPROVERs. {@code employeeNumber} (the HR system's id, unique in the
	 * tenant), {@code location} and {@code costCentre} are optional. A start
	 * date before today needs {@code allowBackdated} (a typo in the year would otherwise hire someone
	 * who "started" years ago, active at once); more than {@link #MAX_BACKDATED} back is refused.
	 */
	public record Hire(@NotBlank(message = "is required") @Size(max = 200) String displayName,
			@NotBlank(message = "is required") @Email @Size(max = 254) String email,
			@NotBlank(message = "is required") @Size(max = 100) String department,
			@Size(max = 100) String manager,
			@NotNull(message = "is required") LocalDate startDate,
			@Schema(description = "Set true to hire with a startDate before today (at most a year back)") Boolean allowBackdated,
			@Size(max = 200) String title,
			@Schema(description = "The HR system's id of the employee, unique in the organisation (409 when taken)", maxLength = 64)
			@Size(max = 64) String employeeNumber,
			@Size(max = 100) String location,
			@Size(max = 100) String costCentre) {

		/** How far back a start date may be, even with {@code allowBackdated}. */
		public static final Period MAX_BACKDATED = Period.ofYears(1);

		/** Without the HR system's identity and attributes (a hire typed in). */
		public Hire(String displayName, String email, String department, String manager, LocalDate startDate,
				Boolean allowBackdated, String title) {
			this(displayName, email, department, manager, startDate, allowBackdated, title, null, null, null);
		}

		/** Without a title (it is optional). */
		public Hire(String displayName, String email, String department, String manager, LocalDate startDate,
				Boolean allowBackdated) {
			this(displayName, email, department, manager, startDate, allowBackdated, null);
		}

		public boolean backdatingAllowed() {
			return Boolean.TRUE.equals(allowBackdated);
		}
	}

	/**
	 * HR's edit of the editable fields in the console, for example on a run an approver returned. {@code version}
	 * must match the current one (optimistic locking); {@code lastDay} only applies to an
	 * employee who is leaving. {@code resubmitRunId}, when given, names the returned run the edit
	 * resubmits.
	 */
	public record Update(@NotBlank(message = "is required") @Size(max = 200) String displayName,
			@NotBlank(message = "is required") @Size(max = 100) String department,
			@Size(max = 100) String manager,
			@Size(max = 200) String title,
			@NotNull(message = "is required") LocalDate startDate,
			LocalDate lastDay,
			@NotNull(message = "is required") Integer version,
			UUID resubmitRunId,
			@Size(max = 64) String employeeNumber,
			@Size(max = 100) String location,
			@Size(max = 100) String costCentre) {

		/** Without the HR system's identity and attributes (left as they are). */
		public Update(String displayName, String department, String manager, String title, LocalDate startDate,
				LocalDate lastDay, Integer version, UUID resubmitRunId) {
			this(displayName, department, manager, title, startDate, lastDay, version, resubmitRunId, null, null, null);
		}
	}

	/**
	 * Mover, as the console's form posts it: the department and manager the employee will have (an
	 * empty manager removes the manager) and the version the form was rendered from.
	 */
	public record Transfer(@NotBlank(message = "is required") @Size(max = 100) String department, @Size(max = 100) String manager,
			Integer version, LocalDate effectiveDate) {

		public Transfer(String department, String manager, Integer version) {
			this(department, manager, version, null);
		}

		public Move move() {
			boolean noManager = manager == null || manager.isBlank();
			return new Move(department, noManager ? null : manager, noManager, effectiveDate);
		}
	}

	/**
	 * What a transfer changes: a null {@code department} or {@code manager} stays as it is;
	 * {@code removeManager} leaves the employee without a manager. {@code effectiveDate} is the day
	 * the move takes effect in the directories (null: today; a past date: at once, once approved).
	 */
	public record Move(String department, String manager, boolean removeManager, LocalDate effectiveDate) {

		public Move(String department, String manager, boolean removeManager) {
			this(department, manager, removeManager, null);
		}
	}

	/** Leaver. */
	public record Offboard(@NotNull(message = "is required") LocalDate lastDay,
			@Schema(description = "The employee's version the offboarding is based on; required unless If-Match is sent "
					+ "(409 type stale when it is no longer current)", minimum = "0") Integer version) {
	}

	/** Cancel a scheduled offboarding. {@code version}, when given, must match the current one. */
	public record CancelOffboarding(Integer version) {
	}

	/** Ask for a run of {@code definition} (joiner, mover or leaver) for an existing employee. */
	public record StartRun(@NotBlank(message = "is required") String definition) {

		public RunDefinition runDefinition() {
			if (definition == null) {
				throw new DomainException.InvalidInput("definition", "is required");
			}
			try {
				return RunDefinition.of(definition.strip());
			}
			catch (IllegalArgumentException e) {
				throw new DomainException.InvalidInput("definition", "must be one of joiner, mover, leaver");
			}
		}
	}
}
