package hr;

import java.time.LocalDate;
import java.util.UUID;

import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import outbox.catalog.RunDefinition;
import platform.DomainException;

/** The HR write requests; the same records back the JSON API and the console forms. */
public final class EmployeeCommands {

	private EmployeeCommands() {
	}

	/** Joiner. {@code manager} is optional: the username of an APPROVER of the same tenant. */
	public record Hire(@NotBlank(message = "is required") @Size(max = 200) String displayName,
			@NotBlank(message = "is required") @Email @Size(max = 254) String email,
			@NotBlank(message = "is required") @Size(max = 100) String department,
			@Size(max = 100) String manager,
			@NotNull(message = "is required") LocalDate startDate,
			@Size(max = 200) String title) {

		/** Without a title (it is optional). */
		public Hire(String displayName, String email, String department, String manager, LocalDate startDate) {
			this(displayName, email, department, manager, startDate, null);
		}
	}

	/**
	 * HR's edit of the editable fields, for example on a run an approver returned. {@code version}
	 * must match the current one (optimistic locking); {@code lastDay} only applies to an
	 * offboarded employee. {@code resubmitRunId}, when given, names the returned run the edit
	 * resubmits.
	 */
	public record Update(@NotBlank(message = "is required") @Size(max = 200) String displayName,
			@NotBlank(message = "is required") @Size(max = 100) String department,
			@Size(max = 100) String manager,
			@Size(max = 200) String title,
			@NotNull(message = "is required") LocalDate startDate,
			LocalDate lastDay,
			@NotNull(message = "is required") Integer version,
			UUID resubmitRunId) {
	}

	/** Mover. {@code version}, when given, must match the current one (optimistic locking). */
	public record Transfer(@NotBlank(message = "is required") @Size(max = 100) String department, @Size(max = 100) String manager,
			Integer version) {
	}

	/** Leaver. */
	public record Offboard(@NotNull(message = "is required") LocalDate lastDay, Integer version) {
	}

	/** Ask for a run of {@code definition} (joiner, mover or leaver) for an existing employee. */
	public record StartRun(@NotBlank(message = "is required") String definition) {

		public RunDefinition runDefinition() {
			try {
				return RunDefinition.of(definition.strip());
			}
			catch (IllegalArgumentException e) {
				throw new DomainException.InvalidInput("definition", "must be one of joiner, mover, leaver");
			}
		}
	}
}
