package hr;

import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

import hr.EmployeeCommands.Hire;
import hr.EmployeeCommands.Move;
import hr.EmployeeCommands.Offboard;
import hr.EmployeeCommands.Update;
import hr.data.EmployeeChangeRepository;
import hr.data.EmployeeRepository;
import hr.data.EmployeeRunRepository;
import outbox.OutboxPublisher;
import outbox.PublishOptions;
import outbox.catalog.AccessEnding;
import outbox.catalog.AccessRevoked;
import outbox.catalog.EmployeeEvent;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.EmployeeOffboardingCancelled;
import outbox.catalog.EmployeeRunRequested;
import outbox.catalog.EmployeeTransferred;
import outbox.catalog.EmployeeUpdated;
import outbox.catalog.FieldChange;
import outbox.catalog.RunDefinition;
import outbox.catalog.RunFinished;
import outbox.catalog.RunOutcome;
import platform.Page;
import platform.DomainException;
import platform.ExpectedVersion;
import platform.ReportingLines;
import platform.PlatformAudit;
import platform.Role;
import platform.TenantSuspensions;
import platform.TenantTransactions;
import platform.UserDirectory;
import platform.UserDirectory.DirectoryUser;

/**
 * HR's facade: hires, transfers and offboards employees. Each write runs in one tenant unit of
 * work that also publishes its joiner / mover / leaver event through the outbox, so the fact and
 * the event commit (or roll back) together.
 */
@Service
public class EmployeeService implements ReportingLines {

	/** The audit actor of the erasure job. */
	static final String ERASURE_ACTOR = "hr_erase_leavers";

	private final TenantTransactions transactions;
	private final EmployeeRepository employees;
	private final EmployeeRunRepository runs;
	private final UserDirectory users;
	private final OutboxPublisher outbox;
	private final Clock clock;
	private final TenantSuspensions suspensions;
	private final PlatformAudit audit;
	private final EmployeeChangeRepository history;
	private final EmployeeChanges changes;
	private final EmployeeTriggers triggers;

	EmployeeService(TenantTransactions transactions, EmployeeRepository employees, EmployeeRunRepository runs,
			UserDirectory users, OutboxPublisher outbox, Clock clock, TenantSuspensions suspensions, PlatformAudit audit,
			EmployeeChangeRepository history, EmployeeChanges changes, EmployeeTriggers triggers) {
		this.triggers = triggers;
		this.history = history;
		this.changes = changes;
		this.suspensions = suspensions;
		this.audit = audit;
		this.transactions = transactions;
		this.employees = employees;
		this.runs = runs;
		this.users = users;
		this.outbox = outbox;
		this.clock = clock;
	}

	public Employee hire(String tenantId, Hire hire) {
		return hire(tenantId, null, hire, ChangeSource.API);
	}

	/** {@code actor} is the HR user who hires: the runs it asks for show them as requester. */
	public Employee hire(String tenantId, String actor, Hire hire) {
		return hire(tenantId, actor, hire, ChangeSource.API);
	}

	/**
	 * Hires, recording {@code source} in the employee's history. An {@code employeeNumber} another
	 * employee of the tenant has is a 409 ({@code employee-number-taken}).
	 */
	public Employee hire(String tenantId, String actor, Hire hire, ChangeSource source) {
		return transactions.inTenant(tenantId, () -> {
			checkStartDate(hire);
			String manager = changes.manager(hire.manager(), null);
			String email = hire.email().strip();
			String number = blankToNull(hire.employeeNumber());
			if (number != null) {
				changes.number(number, null);
			}
			if (employees.emailTaken(email)) {
				throw EmployeeChanges.emailTaken();
			}
			// a pre-hire until the joiner run completes (runFinished), whatever the start date
			EmployeeStatus status = EmployeeStatus.PRE_HIRE;
			Employee created;
			try {
				created = employees.insert(tenantId, new Employee(UUID.randomUUID(), number, hire.displayName().strip(),
						email, hire.department().strip(), manager, blankToNull(hire.title()), blankToNull(hire.location()),
						blankToNull(hire.costCentre()), hire.startDate(), status, null, 0, null, null));
			}
			catch (DuplicateKeyException e) {
				throw EmployeeChanges.emailTaken();
			}
			recordChange(tenantId, actor, source, null, created);
			publishTrigger(new EmployeeHired(created.id(), created.displayName(), created.email(), created.department(),
					created.manager(), created.startDate(), created.title(), actor), RunDefinition.JOINER);
			return created;
		});
	}

	/**
	 * Moves the employee: what {@code move} leaves null stays as it is. Refused unless the employee
	 * is still at the {@code expected} version. {@code actor} (HR) is the requester of the mover run.
	 * The move takes effect in the directories on its effective date (today when none is given; a
	 * past date means at once, once approved); HR's record changes now.
	 */
	public Employee transfer(String tenantId, String actor, UUID id, Move move, ExpectedVersion expected,
			ChangeSource source) {
		return transactions.inTenant(tenantId, () -> {
			Employee current = lockCurrent(id, expected);
			if (current.status().leavingOrGone()) {
				throw new DomainException.Conflict("A " + current.status().value().replace('_', ' ')
						+ " employee cannot be transferred.");
			}
			String manager = move.removeManager() ? null
					: move.manager() == null ? current.manager() : changes.manager(move.manager(), current);
			String department = move.department() == null ? current.department() : move.department().strip();
			if (department.equals(current.department()) && Objects.equals(manager, current.manager())) {
				throw new DomainException.InvalidInput("department", "is unchanged: the employee is already there with this manager");
			}
			Employee moved = employees.transfer(id, department, manager);
			recordChange(tenantId, actor, source, current, moved);
			LocalDate effective = move.effectiveDate() == null ? LocalDate.now(clock) : move.effectiveDate();
			publishTrigger(new EmployeeTransferred(moved.id(), moved.version(), moved.displayName(), moved.email(),
					current.department(), moved.department(), current.manager(), moved.manager(), moved.startDate(),
					moved.title(), actor, effective), RunDefinition.MOVER);
			return moved;
		});
	}

	/**
	 * Offboards the employee; refused unless the employee is still at the {@code expected} version.
	 * {@code actor} (HR) is the requester of the leaver run.
	 */
	public Employee offboard(String tenantId, String actor, UUID id, Offboard offboard, ExpectedVersion expected,
			ChangeSource source) {
		return transactions.inTenant(tenantId, () -> {
			Employee current = lockCurrent(id, expected);
			if (current.status() == EmployeeStatus.LEAVING || current.status() == EmployeeStatus.ACCESS_ENDING
					|| current.status() == EmployeeStatus.LEFT) {
				throw new DomainException.Conflict("The employee is already offboarded.");
			}
			if (current.status() == EmployeeStatus.CANCELLED) {
				throw new DomainException.Conflict("The hire was cancelled; there is nothing to offboard.");
			}
			if (runs.openOf(id, RunDefinition.LEAVER).isPresent()) {
				// a cancelled offboarding's leaver run is still being withdrawn
				throw new DomainException.Conflict(
						"The leaver run of the cancelled offboarding has not ended yet; try again shortly.");
			}
			if (offboard.lastDay().isBefore(current.startDate())) {
				throw new DomainException.InvalidInput("lastDay", "must not be before the start date " + current.startDate());
			}
			Employee leaving = employees.offboard(id, offboard.lastDay());
			recordChange(tenantId, actor, source, current, leaving);
			EmployeeOffboarded event = new EmployeeOffboarded(leaving.id(), leaving.displayName(), leaving.email(),
					leaving.department(), leaving.manager(), offboard.lastDay(), leaving.title(), actor);
			// after a cancelled offboarding the event's own key is taken: a later one is keyed by version
			String key = runs.exists(event.idempotencyKey()) ? event.idempotencyKey() + ":" + leaving.version()
					: event.idempotencyKey();
			publishTrigger(event, key, RunDefinition.LEAVER);
			return leaving;
		});
	}

	/**
	 * Cancels a scheduled offboarding (the employee is {@code leaving}): the employee returns to
	 * the status it had, and the open leaver run is withdrawn through the outbox
	 * ({@link EmployeeOffboardingCancelled}, consumed by the workflow). Refused once the employee
	 * has left.
	 */
	public Employee cancelOffboarding(String tenantId, UUID id, Integer expectedVersion, String actor,
			ChangeSource source) {
		return transactions.inTenant(tenantId, () -> {
			// the version is optional here: cancelling changes no field the caller could have overwritten
			Employee current = expectedVersion == null ? lock(id) : lockCurrent(id, ExpectedVersion.fromForm(expectedVersion));
			if (current.status() != EmployeeStatus.LEAVING) {
				throw new DomainException.Conflict("Only a leaving employee's offboarding can be cancelled; this one is "
						+ current.status().value().replace('_', ' ') + ".");
			}
			Employee back = employees.cancelOffboarding(id);
			recordChange(tenantId, actor, source, current, back);
			runs.openOf(id, RunDefinition.LEAVER)
				.ifPresent(leaver -> outbox.publish(new EmployeeOffboardingCancelled(id, current.displayName(),
						leaver.triggerKey(), actor)));
			return back;
		});
	}

	/**
	 * Asks for a run of {@code definition} for an existing employee (for example a joiner whose
	 * hire started none because auto-start was off). Refused while a run of that definition is open,
	 * and when the employee's state does not fit (a leaver needs an offboarded employee, a joiner
	 * or mover one who is not).
	 *
	 * @return the request, open until the workflow answers with its outcome
	 */
	public EmployeeRun requestRun(String tenantId, UUID id, RunDefinition definition) {
		return requestRun(tenantId, null, id, definition);
	}

	public EmployeeRun requestRun(String tenantId, String actor, UUID id, RunDefinition definition) {
		return transactions.inTenant(tenantId, () -> {
			Employee employee = lock(id);
			boolean leaving = employee.status() == EmployeeStatus.LEAVING;
			if (definition == RunDefinition.LEAVER && !leaving) {
				throw new DomainException.Conflict("Offboard the employee first: a leaver run needs the last day.");
			}
			if (definition != RunDefinition.LEAVER && employee.status().leavingOrGone()) {
				throw new DomainException.Conflict("A " + employee.status().value().replace('_', ' ') + " employee gets no "
						+ definition.key() + " run.");
			}
			EmployeeRunRequested request = new EmployeeRunRequested(UUID.randomUUID(), employee.id(),
					employee.displayName(), employee.email(), employee.department(), employee.manager(), definition,
					definition == RunDefinition.JOINER ? employee.startDate()
							: definition == RunDefinition.LEAVER ? employee.lastDay() : null,
					employee.title(), actor);
			if (!runs.open(request.idempotencyKey(), employee.id(), definition)) {
				throw new DomainException.Conflict("A " + definition.key() + " run is already open for this employee.");
			}
			outbox.publish(request);
			return runs.find(request.idempotencyKey());
		});
	}

	/**
	 * HR edits the employee's editable fields in the console (checked and recorded as any
	 * {@link #change}, source console); {@code lastDay} only applies to a leaving employee. The
	 * event names {@code update.resubmitRunId()} when the edit resubmits a returned run: the workflow
	 * resubmits it. An edit that changes nothing is still published when it resubmits: resubmitting
	 * unchanged data is HR's call.
	 */
	public Employee update(String tenantId, String actor, UUID id, Update update) {
		return transactions.inTenant(tenantId, () -> {
			Employee current = lockCurrent(id, ExpectedVersion.fromForm(update.version()));
			EmployeeChange.Builder change = EmployeeChange.builder()
				.displayName(update.displayName())
				.department(update.department())
				.startDate(update.startDate());
			// the form sends every field: an empty one is emptied
			textOrClear(change, EmployeeChange.Field.MANAGER, update.manager());
			textOrClear(change, EmployeeChange.Field.TITLE, update.title());
			if (update.employeeNumber() != null) {
				change.employeeNumber(update.employeeNumber());
			}
			if (update.location() != null) {
				change.location(update.location());
			}
			if (update.costCentre() != null) {
				change.costCentre(update.costCentre());
			}
			if (current.status() == EmployeeStatus.LEAVING && update.lastDay() != null) {
				change.lastDay(update.lastDay());
			}
			return apply(tenantId, actor, current, change.build(), ChangeSource.CONSOLE, update.resubmitRunId());
		});
	}

	/**
	 * The one write of an employee's HR attributes, whatever its source: what {@code change} names is
	 * checked (as a hire's fields are), the differences are written one version on, recorded in the
	 * employee's history and the audit trail with {@code source}, and published as ONE
	 * {@link EmployeeUpdated} naming the changed fields (from → to). The tenant's HR triggers
	 * ({@link EmployeeTriggers}) ask for the runs it calls for in the same transaction. A change that changes nothing writes and publishes
	 * nothing and answers the employee as it is.
	 * <p>
	 * {@code lastDay} of a leaving employee moves its offboarding's last day; of an active, pending or
	 * pre-hire one it records the announced last day (offboarding is a separate step). An employee
	 * who has left is rehired by a change of {@code startDate} to after its last day: it becomes a
	 * pre-hire again without a last day ({@code status} in the event's changes).
	 *
	 * @param expectedVersion the version the change is based on (409 stale when it is not the
	 *        current one); null when the source has none (an import or sync that follows the HR system)
	 */
	public Employee change(String tenantId, String actor, UUID employeeId, EmployeeChange change, ChangeSource source,
			Integer expectedVersion) {
		return changeExpecting(tenantId, actor, employeeId, change, source,
				expectedVersion == null ? null : ExpectedVersion.fromForm(expectedVersion));
	}

	/**
	 * The same, with the version as the API says it ({@link ExpectedVersion#of}: a stale If-Match is
	 * 412, none at all 428); null: not checked.
	 */
	public Employee changeExpecting(String tenantId, String actor, UUID employeeId, EmployeeChange change, ChangeSource source,
			ExpectedVersion expected) {
		Objects.requireNonNull(change, "change");
		Objects.requireNonNull(source, "source");
		return transactions.inTenant(tenantId, () -> {
			Employee current = expected == null ? lock(employeeId) : lockCurrent(employeeId, expected);
			return apply(tenantId, actor, current, change, source, null);
		});
	}

	/** The history of the employee's changes, newest first; 404 for an unknown employee. */
	public Page<EmployeeHistoryEntry> history(String tenantId, UUID id, String cursor, int limit) {
		int size = limit <= 0 ? EmployeeQuery.DEFAULT_LIMIT : Math.min(limit, EmployeeQuery.MAX_LIMIT);
		return transactions.readInTenant(tenantId, () -> {
			employees.find(id).orElseThrow(() -> new DomainException.NotFound("No such employee."));
			return history.of(id, cursor, size);
		});
	}

	/** The tenant's employee with employee number {@code number}. */
	public java.util.Optional<Employee> findByNumber(String tenantId, String number) {
		if (number == null || number.isBlank()) {
			return java.util.Optional.empty();
		}
		return transactions.readInTenant(tenantId, () -> employees.findByNumber(number.strip()));
	}

	/** The tenant's employee whose work email is {@code email} (case-insensitive). */
	public java.util.Optional<Employee> findByEmail(String tenantId, String email) {
		if (email == null || email.isBlank()) {
			return java.util.Optional.empty();
		}
		return transactions.readInTenant(tenantId, () -> employees.findByEmail(email.strip()));
	}

	/** A slice of the tenant's employees, oldest first, and how many there are (SCIM's startIndex/count paging). */
	public Slice slice(String tenantId, long offset, int limit) {
		int size = Math.max(0, Math.min(limit, EmployeeQuery.MAX_LIMIT));
		return transactions.readInTenant(tenantId,
				() -> new Slice(size == 0 ? List.of() : employees.slice(Math.max(0, offset), size), employees.count()));
	}

	/** Some of the tenant's employees and how many it has in all. */
	public record Slice(List<Employee> employees, long total) {
	}

	/**
	 * The tenant's employees among {@code numbers}, by number, in one query (an import's batch);
	 * numbers no employee has are absent.
	 */
	public Map<String, Employee> findByNumbers(String tenantId, java.util.Collection<String> numbers) {
		List<String> distinct = numbers.stream().filter(Objects::nonNull).map(String::strip).distinct().toList();
		return transactions.readInTenant(tenantId, () -> employees.findByNumbers(distinct).stream()
			.collect(java.util.stream.Collectors.toMap(Employee::employeeNumber, employee -> employee)));
	}

	/**
	 * The next {@code limit} of the tenant's employees with an employee number after {@code after}
	 * (null: from the first), by number, who are employed or about to be and have no last day (a
	 * source sync's check for employees its file no longer lists).
	 */
	public List<Employee> employedByNumber(String tenantId, String after, int limit) {
		return transactions.readInTenant(tenantId, () -> employees.employedByNumber(after, limit));
	}

	/**
	 * How many of the tenant's employees are employed or about to be (pre-hire, pending start,
	 * active): what an import's offboarding threshold is weighed against.
	 */
	public int countEmployed(String tenantId) {
		return transactions.readInTenant(tenantId, employees::countEmployed);
	}

	/**
	 * Records that an outcome of a run HR asked for arrived and moves the employee on, once (a
	 * re-delivery finds the run closed and changes nothing): a completed joiner makes a pre-hire
	 * active, or pending_start until its start date (see {@link #activateDueStarters}); a rejected
	 * joiner cancels the hire; a completed leaver of the current offboarding means the employee's
	 * access is ending ({@code access_ending}), or that it has left when provisioning reported the
	 * revocation already ({@link #accessRevoked}). Other outcomes only close the run: HR may ask for another or cancel the offboarding.
	 */
	public void runFinished(String tenantId, RunFinished finished) {
		transactions.runInTenant(tenantId, () -> {
			if (!runs.close(finished.triggerKey(), finished.outcome(), finished.runId(), finished.reason())) {
				return;
			}
			UUID employee = finished.employeeId();
			switch (finished.definition()) {
				case JOINER -> {
					if (finished.outcome() == RunOutcome.COMPLETED) {
						employees.joinerCompleted(employee, LocalDate.now(clock));
					}
					else if (finished.outcome() == RunOutcome.REJECTED) {
						employees.hireCancelled(employee);
					}
				}
				case LEAVER -> {
					// a leaver of an offboarding that was cancelled (and perhaps repeated) closes nothing
					boolean current = runs.latestKey(employee, RunDefinition.LEAVER)
						.filter(finished.triggerKey()::equals)
						.isPresent();
					if (finished.outcome() == RunOutcome.COMPLETED && current) {
						employees.leaverCompleted(employee);
					}
				}
				case MOVER -> {
				}
			}
		});
	}

	/**
	 * Provisioning reports the leaver's access taken away: an employee whose access was ending has
	 * left; a leaving one (the outcome of its run not here yet) leaves when the run completes. A
	 * re-delivery changes nothing.
	 */
	public void accessRevoked(String tenantId, AccessRevoked revoked) {
		transactions.runInTenant(tenantId, () -> employees.accessRevoked(revoked.employeeId(), revoked.revokedAt()));
	}

	/**
	 * Makes the tenant's pending starters whose start date has come by {@code today} active (at
	 * most {@code limit}); the activation job's work, idempotent since it reads the statuses.
	 */
	public List<UUID> activateDueStarters(String tenantId, LocalDate today, int limit) {
		return transactions.inTenant(tenantId, () -> employees.activateDueStarters(today, limit));
	}

	/** The tenants with pending starters due by {@code today} (the activation job's scan), suspended ones left out. */
	public List<String> tenantsWithDueStarters(LocalDate today) {
		return suspensions.active(employees.tenantsWithDueStarters(today));
	}

	/** The active tenants with leavers whose access ends at the end of {@code lastDay} (the access-ending notice job's scan). */
	public List<String> tenantsWithAccessEnding(LocalDate lastDay) {
		return suspensions.active(employees.tenantsWithAccessEnding(lastDay));
	}

	/**
	 * Tells the managers of the tenant's leavers whose access ends at the end of {@code lastDay}
	 * (through the outbox: {@link AccessEnding}); once per employee and last day, however often it
	 * runs, since the event's key is (employee, last day). Returns how many leavers it found.
	 */
	public int announceAccessEnding(String tenantId, LocalDate lastDay) {
		return transactions.inTenant(tenantId, () -> {
			List<Employee> leavers = employees.accessEndingOn(lastDay);
			for (Employee leaver : leavers) {
				UUID run = runs.of(leaver.id()).stream()
					.filter(r -> r.definition() == RunDefinition.LEAVER && r.outcome() == RunOutcome.COMPLETED)
					.map(EmployeeRun::runId)
					.filter(Objects::nonNull)
					.findFirst()
					.orElse(null);
				outbox.publish(new AccessEnding(leaver.id(), leaver.displayName(), leaver.manager(), lastDay, run));
			}
			return leavers.size();
		});
	}

	/** The active tenants with left employees whose personal data is due for erasure on {@code today}. */
	public List<String> tenantsWithErasableLeavers(LocalDate today) {
		return suspensions.active(employees.tenantsWithErasableLeavers(today));
	}

	/**
	 * Erases the name and email of up to {@code limit} employees of the tenant who left longer ago
	 * than its retention period; each erasure is audited ({@code employee.personal_data_erased}).
	 */
	public List<UUID> erasePersonalData(String tenantId, LocalDate today, int limit) {
		return transactions.inTenant(tenantId, () -> {
			List<UUID> erased = employees.erasePersonalData(today, clock.instant(), limit);
			history.erasePersonalData(erased);
			erased.forEach(id -> audit.record(ERASURE_ACTOR, "employee.personal_data_erased",
					Map.of("subject", id.toString(), "reason", "retention period passed")));
			return erased;
		});
	}

	/** The runs HR asked for this employee, newest first; 404 for an unknown employee. */
	public List<EmployeeRun> runs(String tenantId, UUID id) {
		return transactions.readInTenant(tenantId, () -> {
			employees.find(id).orElseThrow(() -> new DomainException.NotFound("No such employee."));
			return runs.of(id);
		});
	}

	public Employee get(String tenantId, UUID id) {
		return transactions.readInTenant(tenantId,
				() -> employees.find(id).orElseThrow(() -> new DomainException.NotFound("No such employee.")));
	}

	public Page<Employee> list(String tenantId, EmployeeQuery query) {
		return transactions.readInTenant(tenantId, () -> employees.list(query));
	}

	/** {@link platform.ReportingLines#managerOf}: HR's employee records answer it. */
	@Override
	public java.util.Optional<String> managerOf(String tenantId, String email) {
		if (email == null || email.isBlank()) {
			return java.util.Optional.empty();
		}
		return transactions.readInTenant(tenantId, () -> employees.managerByEmail(email.strip()));
	}

	/** {@link platform.ReportingLines#person}: HR's employee record of a work email. */
	@Override
	public java.util.Optional<Person> person(String tenantId, String email) {
		if (email == null || email.isBlank()) {
			return java.util.Optional.empty();
		}
		return transactions.readInTenant(tenantId, () -> employees.findByEmail(email.strip())
			.filter(e -> e.status() != EmployeeStatus.LEFT && e.status() != EmployeeStatus.CANCELLED)
			.map(e -> new Person(e.id(), e.displayName(), e.email(), e.department(), e.title(),
					e.manager() == null ? null : userActingFor(e.manager().strip()).orElse(null))));
	}

	/**
	 * {@link platform.ReportingLines#userOfManager}: an employee number is looked up first (as a
	 * write resolves it), then a username.
	 */
	@Override
	public java.util.Optional<String> userOfManager(String tenantId, String manager) {
		if (manager == null || manager.isBlank()) {
			return java.util.Optional.empty();
		}
		return transactions.readInTenant(tenantId, () -> userActingFor(manager.strip()));
	}

	private java.util.Optional<String> userActingFor(String reference) {
		java.util.Optional<Employee> employee = employees.findByNumber(reference);
		if (employee.isPresent()) {
			return users.findByEmail(employee.get().email()).map(DirectoryUser::username);
		}
		return users.find(reference).map(DirectoryUser::username);
	}

	/** The users an employee may report to: the tenant's approvers. */
	public List<DirectoryUser> managers(String tenantId) {
		return transactions.readInTenant(tenantId, () -> users.withRole(Role.APPROVER));
	}

	/** The employee, locked; a 404 before any precondition so another tenant's id reads as unknown. */
	private Employee lockCurrent(UUID id, ExpectedVersion expected) {
		Employee current = lock(id);
		expected.check(current.version(), "employee");
		return current;
	}

	private Employee lock(UUID id) {
		return employees.findForUpdate(id).orElseThrow(() -> new DomainException.NotFound("No such employee."));
	}

	/** A start date in the past needs the caller's say-so, and never lies more than a year back. */
	private void checkStartDate(Hire hire) {
		EmployeeChanges.checkStartDate(hire, LocalDate.now(clock));
	}

	/** Publishes an event that asks for a run and remembers the request until its outcome arrives. */
	private void publishTrigger(EmployeeEvent event, RunDefinition definition) {
		publishTrigger(event, event.idempotencyKey(), definition);
	}

	/** The same, published under {@code key} (the key the workflow answers with). */
	private void publishTrigger(EmployeeEvent event, String key, RunDefinition definition) {
		// a second mover while one is open is allowed; it is just not tracked as open
		runs.open(key, event.employeeId(), definition);
		outbox.publish(event, key.equals(event.idempotencyKey()) ? PublishOptions.DEFAULTS
				: PublishOptions.idempotencyKey(key));
	}

	static Employee withStatus(Employee e, EmployeeStatus status) {
		return new Employee(e.id(), e.employeeNumber(), e.displayName(), e.email(), e.department(), e.manager(), e.title(),
				e.location(), e.costCentre(), e.startDate(), status, e.lastDay(), e.version(), e.createdAt(), e.updatedAt());
	}

	private static String blankToNull(String value) {
		return value == null || value.isBlank() ? null : value.strip();
	}

	private static void textOrClear(EmployeeChange.Builder change, EmployeeChange.Field field, String value) {
		if (value == null || value.isBlank()) {
			change.clear(field);
		}
		else if (field == EmployeeChange.Field.MANAGER) {
			change.manager(value);
		}
		else {
			change.title(value);
		}
	}

	/** Checks {@code change} against {@code current}, writes it and records it (history, audit, event). */
	private Employee apply(String tenantId, String actor, Employee current, EmployeeChange change, ChangeSource source,
			UUID resubmitRunId) {
		EmployeeChanges.Next next = changes.next(current, change);
		Map<String, FieldChange> diff = EmployeeChanges.diff(current, next.employee());
		if (diff.isEmpty() && resubmitRunId == null) {
			return current;
		}
		HrTriggers settings = triggers.current();
		Employee target = next.employee();
		if (triggers.offboards(settings, current, target)) {
			target = withStatus(target, EmployeeStatus.LEAVING);
		}
		Employee written;
		try {
			written = employees.write(target, next.rehire());
		}
		catch (DuplicateKeyException e) {
			throw new DomainException.Conflict("Another employee has this email or employee number.", "employee-taken");
		}
		recordChange(tenantId, actor, source, current, written);
		// the leaver trigger may have made the change an offboarding: the event says so (status)
		Map<String, FieldChange> made = EmployeeChanges.diff(current, written);
		outbox.publish(new EmployeeUpdated(written.id(), written.version(), written.displayName(), written.email(),
				written.department(), written.manager(), written.title(), written.startDate(), written.lastDay(),
				resubmitRunId, actor, source.value(), made));
		triggers.changed(settings, written, made, actor, LocalDate.now(clock));
		return written;
	}

	/**
	 * The one record of a write: the history row and the audit entry (field names only: the trail is
	 * kept longer than a leaver's personal data), in the write's transaction.
	 */
	private void recordChange(String tenantId, String actor, ChangeSource source, Employee before, Employee after) {
		Map<String, FieldChange> diff = EmployeeChanges.diff(before, after);
		String who = EmployeeChanges.recordedActor(actor, source);
		history.record(tenantId, EmployeeChanges.historyEntry(who, source, after, diff, clock.instant()));
		audit.record(who, EmployeeChanges.auditAction(before), EmployeeChanges.auditDetail(source, after, diff));
	}
}
