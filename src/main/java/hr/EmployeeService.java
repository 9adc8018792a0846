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
import hr.data.EmployeeRepository;
import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.EmployeeTransferred;
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
	private final UserDirectory users;
	private final OutboxPublisher outbox;
	private final Clock clock;

	EmployeeService(TenantTransactions transactions, EmployeeRepository employees, UserDirectory users,
			OutboxPublisher outbox, Clock clock) {
		this.transactions = transactions;
		this.employees = employees;
		this.users = users;
		this.outbox = outbox;
		this.clock = clock;
	}

	public Employee hire(String tenantId, Hire hire) {
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
						hire.department().strip(), manager, hire.startDate(), status, null, 0, null, null));
			}
			catch (DuplicateKeyException e) {
				throw new DomainException.InvalidInput("email", "is already used by another employee");
			}
			outbox.publish(new EmployeeHired(created.id(), created.displayName(), created.email(), created.department(),
					created.manager(), created.startDate()));
			return created;
		});
	}

	public Employee transfer(String tenantId, UUID id, Transfer transfer) {
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
			outbox.publish(new EmployeeTransferred(moved.id(), moved.version(), moved.displayName(), moved.email(),
					current.department(), moved.department(), current.manager(), moved.manager(), moved.startDate()));
			return moved;
		});
	}

	public Employee offboard(String tenantId, UUID id, Offboard offboard) {
		return transactions.inTenant(tenantId, () -> {
			Employee current = lockCurrent(id, offboard.version());
			if (current.status() == EmployeeStatus.OFFBOARDED) {
				throw new DomainException.Conflict("The employee is already offboarded.");
			}
			if (offboard.lastDay().isBefore(current.startDate())) {
				throw new DomainException.InvalidInput("lastDay", "must not be before the start date " + current.startDate());
			}
			Employee left = employees.offboard(id, offboard.lastDay());
			outbox.publish(new EmployeeOffboarded(left.id(), left.displayName(), left.email(), left.department(),
					left.manager(), offboard.lastDay()));
			return left;
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
