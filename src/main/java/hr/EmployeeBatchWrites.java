package hr;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.springframework.stereotype.Service;

import hr.EmployeeCommands.Hire;
import hr.data.EmployeeChangeRepository;
import hr.data.EmployeeRepository;
import hr.data.EmployeeRunRepository;
import outbox.OutboxPublisher;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeUpdated;
import outbox.catalog.FieldChange;
import outbox.catalog.RunDefinition;
import platform.DomainException;
import platform.PlatformAudit;
import platform.TenantTransactions;

/**
 * {@link EmployeeService}'s hire and change for many employees at once (an import's chunk): the
 * same rules ({@link EmployeeChanges}), the same records (history, audit, the events and run
 * requests through the outbox, the HR triggers), each kind written in one statement instead of one
 * per employee. A row the rules refuse is answered as that row's failure and the others are written;
 * a failure only the database sees (a constraint another writer won meanwhile) throws, and the
 * caller's unit of work rolls back whole: the caller then writes its rows one by one with
 * {@link EmployeeService}.
 */
@Service
public class EmployeeBatchWrites {

	private final TenantTransactions transactions;
	private final EmployeeRepository employees;
	private final EmployeeRunRepository runs;
	private final EmployeeChangeRepository history;
	private final EmployeeChanges changes;
	private final EmployeeTriggers triggers;
	private final OutboxPublisher outbox;
	private final PlatformAudit audit;
	private final Clock clock;

	EmployeeBatchWrites(TenantTransactions transactions, EmployeeRepository employees, EmployeeRunRepository runs,
			EmployeeChangeRepository history, EmployeeChanges changes, EmployeeTriggers triggers, OutboxPublisher outbox,
			PlatformAudit audit, Clock clock) {
		this.transactions = transactions;
		this.employees = employees;
		this.runs = runs;
		this.history = history;
		this.changes = changes;
		this.triggers = triggers;
		this.outbox = outbox;
		this.audit = audit;
		this.clock = clock;
	}

	/** A change of one employee, based on the employee at {@code expectedVersion}. */
	public record Change(UUID employeeId, int expectedVersion, EmployeeChange change) {
	}

	/**
	 * Hires {@code hires} in their order, as {@link EmployeeService#hire(String, String, Hire, ChangeSource)}
	 * would one after the other (a manager may be an employee number hired by an earlier one). Joins
	 * the caller's unit of work.
	 *
	 * @return for each hire, null when it was written, else why not ({@link #reason})
	 */
	public List<String> hireAll(String tenantId, String actor, List<Hire> hires, ChangeSource source) {
		return transactions.inTenant(tenantId, () -> {
			LocalDate today = LocalDate.now(clock);
			String[] failures = new String[hires.size()];
			Set<String> emailsTaken = employees.emailsTaken(hires.stream().map(h -> h.email().strip()).toList());
			Set<String> numbersTaken = employees.findByNumbers(hires.stream()
				.map(h -> blankToNull(h.employeeNumber()))
				.filter(Objects::nonNull)
				.toList()).stream().map(Employee::employeeNumber).collect(Collectors.toSet());
			Set<String> numbersHired = new HashSet<>();
			Set<String> emailsHired = new HashSet<>();
			Map<String, Object> managers = new HashMap<>();
			List<Employee> rows = new ArrayList<>();
			for (int i = 0; i < hires.size(); i++) {
				Hire hire = hires.get(i);
				try {
					EmployeeChanges.checkStartDate(hire, today);
					String manager = manager(hire.manager(), numbersHired, managers);
					String email = hire.email().strip();
					String number = blankToNull(hire.employeeNumber());
					if (number != null) {
						EmployeeChanges.checkNumberFormat(number);
						if (numbersTaken.contains(number) || numbersHired.contains(number)) {
							throw EmployeeChanges.numberTaken(number);
						}
					}
					String lower = email.toLowerCase(Locale.ROOT);
					if (emailsTaken.contains(lower) || !emailsHired.add(lower)) {
						throw EmployeeChanges.emailTaken();
					}
					if (number != null) {
						numbersHired.add(number);
					}
					// a pre-hire until the joiner run completes, as a hire one at a time
					rows.add(new Employee(UUID.randomUUID(), number, hire.displayName().strip(), email,
							hire.department().strip(), manager, blankToNull(hire.title()), blankToNull(hire.location()),
							blankToNull(hire.costCentre()), hire.startDate(), EmployeeStatus.PRE_HIRE, null, 0, null, null));
				}
				catch (DomainException e) {
					failures[i] = reason(e);
				}
			}
			Map<UUID, Employee> inserted = byId(employees.insertAll(tenantId, rows));
			List<Employee> hired = rows.stream().map(row -> inserted.get(row.id())).toList();
			record(tenantId, actor, source, hired.stream().map(after -> new Written(null, after)).toList());
			List<EmployeeHired> events = hired.stream()
				.map(e -> new EmployeeHired(e.id(), e.displayName(), e.email(), e.department(), e.manager(), e.startDate(),
						e.title(), actor))
				.toList();
			runs.openAll(events.stream().map(EmployeeHired::idempotencyKey).toList(),
					events.stream().map(EmployeeHired::employeeId).toList(), RunDefinition.JOINER);
			outbox.publishAll(events);
			return Arrays.asList(failures);
		});
	}

	/**
	 * Changes the employees as {@link EmployeeService#change} would one after the other, each
	 * refused as stale unless the employee is still at its expected version; the employees are
	 * distinct. Joins the caller's unit of work.
	 *
	 * @return for each change, null when it was written (or changed nothing), else why not ({@link #reason})
	 */
	public List<String> changeAll(String tenantId, String actor, List<Change> batch, ChangeSource source) {
		Set<UUID> ids = batch.stream().map(Change::employeeId).collect(Collectors.toSet());
		if (ids.size() != batch.size()) {
			throw new IllegalArgumentException("A batch changes each employee once");
		}
		return transactions.inTenant(tenantId, () -> {
			LocalDate today = LocalDate.now(clock);
			String[] failures = new String[batch.size()];
			Map<UUID, Employee> locked = byId(employees.findForUpdate(ids));
			HrTriggers settings = triggers.current();
			List<Employee> before = new ArrayList<>();
			List<Employee> targets = new ArrayList<>();
			Set<UUID> rehires = new HashSet<>();
			for (int i = 0; i < batch.size(); i++) {
				Change change = batch.get(i);
				Employee current = locked.get(change.employeeId());
				if (current == null) {
					failures[i] = "No such employee.";
					continue;
				}
				if (current.version() != change.expectedVersion()) {
					failures[i] = stale(change.expectedVersion(), current.version());
					continue;
				}
				try {
					EmployeeChanges.Next next = changes.next(current, change.change());
					if (EmployeeChanges.diff(current, next.employee()).isEmpty()) {
						continue;
					}
					Employee target = next.employee();
					if (triggers.offboards(settings, current, target)) {
						target = EmployeeService.withStatus(target, EmployeeStatus.LEAVING);
					}
					before.add(current);
					targets.add(target);
					if (next.rehire()) {
						rehires.add(current.id());
					}
				}
				catch (DomainException e) {
					failures[i] = reason(e);
				}
			}
			Map<UUID, Employee> written = byId(employees.writeAll(targets, rehires));
			List<Written> writes = before.stream().map(b -> new Written(b, written.get(b.id()))).toList();
			record(tenantId, actor, source, writes);
			List<EmployeeUpdated> events = new ArrayList<>();
			List<Map<String, FieldChange>> made = new ArrayList<>();
			for (Written write : writes) {
				// the leaver trigger may have made the change an offboarding: the event says so (status)
				Map<String, FieldChange> diff = EmployeeChanges.diff(write.before(), write.after());
				Employee e = write.after();
				made.add(diff);
				events.add(new EmployeeUpdated(e.id(), e.version(), e.displayName(), e.email(), e.department(), e.manager(),
						e.title(), e.startDate(), e.lastDay(), null, actor, source.value(), diff));
			}
			outbox.publishAll(events);
			for (int i = 0; i < writes.size(); i++) {
				triggers.changed(settings, writes.get(i).after(), made.get(i), actor, today);
			}
			return Arrays.asList(failures);
		});
	}

	/** Why a write was refused, in words a row's error can show: the fields' messages, or the message. */
	public static String reason(DomainException e) {
		if (e.fieldErrors() == null || e.fieldErrors().isEmpty()) {
			return e.getMessage();
		}
		return e.fieldErrors().entrySet().stream().map(f -> f.getKey() + " " + f.getValue())
			.collect(Collectors.joining("; "));
	}

	/** The failure of a change based on a version the employee is no longer at. */
	public static String stale(int expected, int current) {
		return "stale: the employee changed since version " + expected + " (now " + current + ")";
	}

	private record Written(Employee before, Employee after) {
	}

	/** The history entries and audit entries of the writes, one statement each. */
	private void record(String tenantId, String actor, ChangeSource source, List<Written> writes) {
		if (writes.isEmpty()) {
			return;
		}
		String who = EmployeeChanges.recordedActor(actor, source);
		Instant at = clock.instant();
		List<EmployeeHistoryEntry> entries = new ArrayList<>();
		List<Map<String, Object>> details = new ArrayList<>();
		for (Written write : writes) {
			Map<String, FieldChange> diff = EmployeeChanges.diff(write.before(), write.after());
			entries.add(EmployeeChanges.historyEntry(who, source, write.after(), diff, at));
			details.add(EmployeeChanges.auditDetail(source, write.after(), diff));
		}
		history.recordAll(tenantId, entries);
		audit.recordAll(who, EmployeeChanges.auditAction(writes.get(0).before()), details);
	}

	/**
	 * The manager reference to store, as {@link EmployeeChanges#manager} resolves it, once per
	 * reference of the batch; an employee number hired earlier in the batch is an employee's.
	 */
	private String manager(String reference, Set<String> numbersHired, Map<String, Object> resolved) {
		if (reference == null || reference.isBlank()) {
			return null;
		}
		String stripped = reference.strip();
		if (numbersHired.contains(stripped)) {
			return stripped;
		}
		Object manager = resolved.computeIfAbsent(stripped, r -> {
			try {
				return changes.manager(r, null);
			}
			catch (DomainException e) {
				return e;
			}
		});
		if (manager instanceof DomainException e) {
			throw e;
		}
		return (String) manager;
	}

	private static Map<UUID, Employee> byId(List<Employee> list) {
		return list.stream().collect(Collectors.toMap(Employee::id, Function.identity()));
	}

	private static String blankToNull(String value) {
		return value == null || value.isBlank() ? null : value.strip();
	}
}
