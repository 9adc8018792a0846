package hr;

import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

import hr.EmployeeCommands.Hire;
import hr.EmployeeCommands.Offboard;
import hr.EmployeeCommands.Transfer;
import hr.EmployeeCommands.Update;
import hr.data.EmployeeRepository;
import hr.data.EmployeeRunRepository;
import outbox.OutboxPublisher;
import outbox.catalog.EmployeeEvent;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.EmployeeRunRequested;
import outbox.catalog.EmployeeTransferred;
import outbox.catalog.EmployeeUpdated;
import outbox.catalog.RunDefinition;
import outbox.catalog.RunFinished;
import platform.DomainException;
import platform.Role;
import platform.TenantTransactions;
import platform.UserDirectory;
import platform.UserDirectory.DirectoryUser;

/**
 * HR's facade: hires, transfers and offboards employees. Each write runs in one tenant unit of
 * work that also publishes its joiner / mover / leaver event through the outbox, so the fact and
 * the event commit (or roll back) together.
 */
@Service
public class EmployeeService {

	private final TenantTransactions transactions;
	private final EmployeeRepository employees;
	private final EmployeeRunRepository runs;
	private final UserDirectory users;
	private final OutboxPublisher outbox;
	private final Clock clock;

	EmployeeService(TenantTransactions transactions, EmployeeRepository employees, EmployeeRunRepository runs,
			UserDirectory users, OutboxPublisher outbox, Clock clock) {
		this.transactions = transactions;
		this.employees = employees;
		this.runs = runs;
		this.users = users;
		this.outbox = outbox;
		this.clock = clock;
	}

	public Employee hire(String tenantId, Hire hire) {
		return hire(tenantId, null, hire);
	}

	/** {@code actor} is the HR user who hires: the runs it asks for show them as requester. */
	public Employee hire(String tenantId, String actor, Hire hire) {
		return transactions.inTenant(tenantId, () -> {
			String manager = checkManager(hire.manager());
			String email = hire.email().strip();
			if (employees.emailTaken(email)) {
				throw new DomainException.InvalidInput("email", "is already used by another employee");
			}
			EmployeeStatus status = hire.startDate().isAfter(LocalDate.now(clock)) ? EmployeeStatus.PRE_HIRE
					: EmployeeStatus.ACTIVE;
			Employee created;
			try {
				created = employees.insert(tenantId, new Employee(UUID.randomUUID(), hire.displayName().strip(), email,
						hire.department().strip(), manager, blankToNull(hire.title()), hire.startDate(), status, null, 0,
						null, null));
			}
			catch (DuplicateKeyException e) {
				throw new DomainException.InvalidInput("email", "is already used by another employee");
			}
			publishTrigger(new EmployeeHired(created.id(), created.displayName(), created.email(), created.department(),
					created.manager(), created.startDate(), created.title(), actor), RunDefinition.JOINER);
			return created;
		});
	}

	public Employee transfer(String tenantId, UUID id, Transfer transfer) {
		return transfer(tenantId, null, id, transfer);
	}

	public Employee transfer(String tenantId, String actor, UUID id, Transfer transfer) {
		return transactions.inTenant(tenantId, () -> {
			Employee current = lockCurrent(id, transfer.version());
			if (current.status() == EmployeeStatus.OFFBOARDED) {
				throw new DomainException.Conflict("An offboarded employee cannot be transferred.");
			}
			String manager = checkManager(transfer.manager());
			String department = transfer.department().strip();
			if (department.equals(current.department()) && Objects.equals(manager, current.manager())) {
				throw new DomainException.InvalidInput("department", "is unchanged: the employee is already there with this manager");
			}
			Employee moved = employees.transfer(id, department, manager);
			publishTrigger(new EmployeeTransferred(moved.id(), moved.version(), moved.displayName(), moved.email(),
					current.department(), moved.department(), current.manager(), moved.manager(), moved.startDate(),
					moved.title(), actor), RunDefinition.MOVER);
			return moved;
		});
	}

	public Employee offboard(String tenantId, UUID id, Offboard offboard) {
		return offboard(tenantId, null, id, offboard);
	}

	public Employee offboard(String tenantId, String actor, UUID id, Offboard offboard) {
		return transactions.inTenant(tenantId, () -> {
			Employee current = lockCurrent(id, offboard.version());
			if (current.status() == EmployeeStatus.OFFBOARDED) {
				throw new DomainException.Conflict("The employee is already offboarded.");
			}
			if (offboard.lastDay().isBefore(current.startDate())) {
				throw new DomainException.InvalidInput("lastDay", "must not be before the start date " + current.startDate());
			}
			Employee left = employees.offboard(id, offboard.lastDay());
			publishTrigger(new EmployeeOffboarded(left.id(), left.displayName(), left.email(), left.department(),
					left.manager(), offboard.lastDay(), left.title(), actor), RunDefinition.LEAVER);
			return left;
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
			Employee employee = lockCurrent(id, null);
			boolean offboarded = employee.status() == EmployeeStatus.OFFBOARDED;
			if (definition == RunDefinition.LEAVER && !offboarded) {
				throw new DomainException.Conflict("Offboard the employee first: a leaver run needs the last day.");
			}
			if (definition != RunDefinition.LEAVER && offboarded) {
				throw new DomainException.Conflict("An offboarded employee gets no " + definition.key() + " run.");
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
	 * HR edits the employee's editable fields (checked like a hire's, versioned like a transfer)
	 * and publishes {@link EmployeeUpdated}: the workflow brings the employee's open runs up to
	 * date and resubmits {@code update.resubmitRunId()} when it names a returned run. An edit that
	 * changes nothing is still recorded: resubmitting unchanged data is HR's call.
	 */
	public Employee update(String tenantId, String actor, UUID id, Update update) {
		return transactions.inTenant(tenantId, () -> {
			Employee current = lockCurrent(id, update.version());
			String manager = checkManager(update.manager());
			boolean offboarded = current.status() == EmployeeStatus.OFFBOARDED;
			LocalDate lastDay = offboarded && update.lastDay() != null ? update.lastDay() : current.lastDay();
			if (lastDay != null && lastDay.isBefore(update.startDate())) {
				throw new DomainException.InvalidInput("startDate", "must not be after the last day " + lastDay);
			}
			Employee edited = employees.update(id, update.displayName().strip(), update.department().strip(), manager,
					blankToNull(update.title()), update.startDate(), lastDay);
			outbox.publish(new EmployeeUpdated(edited.id(), edited.version(), edited.displayName(), edited.email(),
					edited.department(), edited.manager(), edited.title(), edited.startDate(), edited.lastDay(),
					update.resubmitRunId(), actor));
			return edited;
		});
	}

	/** Records that an outcome of a run HR asked for arrived (a re-delivery changes nothing). */
	public void runFinished(String tenantId, RunFinished finished) {
		transactions.runInTenant(tenantId,
				() -> runs.close(finished.triggerKey(), finished.outcome(), finished.runId(), finished.reason()));
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

	public EmployeePage list(String tenantId, EmployeeQuery query) {
		return transactions.readInTenant(tenantId, () -> employees.list(query));
	}

	/** The users an employee may report to: the tenant's approvers. */
	public List<DirectoryUser> managers(String tenantId) {
		return transactions.readInTenant(tenantId, () -> users.withRole(Role.APPROVER));
	}

	private Employee lockCurrent(UUID id, Integer expectedVersion) {
		Employee current = employees.findForUpdate(id).orElseThrow(() -> new DomainException.NotFound("No such employee."));
		if (expectedVersion != null && expectedVersion != current.version()) {
			throw new DomainException.Conflict("The employee was changed by someone else (version " + current.version()
					+ ", expected " + expectedVersion + "); reload and try again.");
		}
		return current;
	}

	/** Publishes an event that asks for a run and remembers the request until its outcome arrives. */
	private void publishTrigger(EmployeeEvent event, RunDefinition definition) {
		// a second mover while one is open is allowed; it is just not tracked as open
		runs.open(event.idempotencyKey(), event.employeeId(), definition);
		outbox.publish(event);
	}

	private static String blankToNull(String value) {
		return value == null || value.isBlank() ? null : value.strip();
	}

	private String checkManager(String manager) {
		if (manager == null || manager.isBlank()) {
			return null;
		}
		String username = manager.strip();
		boolean approver = users.find(username).map(user -> user.hasRole(Role.APPROVER)).orElse(false);
		if (!approver) {
			throw new DomainException.InvalidInput("manager", "must be the username of an approver in your organisation");
		}
		return username;
	}
}
