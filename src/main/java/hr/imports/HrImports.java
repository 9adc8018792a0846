package hr.imports;

import java.io.InputStream;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import hr.ChangeSource;
import hr.Employee;
import hr.EmployeeChange;
import hr.EmployeeCommands.Hire;
import hr.EmployeeService;
import platform.DomainException;
import platform.Page;
import platform.PlatformAudit;
import platform.TenantTransactions;
import tools.jackson.databind.ObjectMapper;

/**
 * Bulk imports of employees: a file is previewed (a dry run: every row classified and stored, nothing
 * applied), then applied row by row by the {@link ImportApplyJob} through {@link EmployeeService}'s
 * one write path (source import). An import that would offboard more than
 * {@link #offboardThreshold} is held until an ADMIN confirms it: an empty or truncated export must not
 * offboard a company.
 */
@Service
class HrImports {

	private static final Logger log = LoggerFactory.getLogger(HrImports.class);

	/** Rows classified per lookup of their employees and stored per insert. */
	static final int BATCH = 1_000;

	private final TenantTransactions transactions;
	private final ImportRepository imports;
	private final EmployeeService employees;
	private final PlatformAudit audit;
	private final ObjectMapper json;
	private final Clock clock;

	HrImports(TenantTransactions transactions, ImportRepository imports, EmployeeService employees, PlatformAudit audit,
			ObjectMapper json, Clock clock) {
		this.transactions = transactions;
		this.imports = imports;
		this.employees = employees;
		this.audit = audit;
		this.json = json;
		this.clock = clock;
	}

	/**
	 * Reads the file (one batch of rows in memory at a time) and stores its classified rows, all in
	 * one unit of work: a file that fails (its header, the connection) leaves nothing behind.
	 */
	ImportView preview(String tenantId, String actor, String contentType, InputStream body, ChangeSource source) {
		return transactions.inTenant(tenantId, () -> {
			ImportFile file = ImportFile.open(contentType, body, json);
			UUID id = UUID.randomUUID();
			imports.insert(tenantId, id, source.value(), actor, clock.instant());
			LocalDate today = LocalDate.now(clock);
			List<ImportFile.Row> batch = new ArrayList<>(BATCH);
			for (ImportFile.Row row = file.next(); row != null; row = file.next()) {
				batch.add(row);
				if (batch.size() == BATCH) {
					store(tenantId, id, batch, today);
					batch.clear();
				}
			}
			store(tenantId, id, batch, today);
			imports.rejectDuplicateNumbers(id);
			imports.summarise(id, ImportView.PREVIEWED);
			ImportView counted = imports.find(id).orElseThrow();
			if (counted.summary().offboard() > offboardThreshold(employees.countEmployed(tenantId))) {
				imports.setStatus(id, ImportView.HELD);
			}
			audit.record(actor == null ? source.value() : actor, "hr.import.previewed",
					Map.of("subject", id.toString(), "rows", counted.summary().toString()));
			return imports.find(id).orElseThrow();
		});
	}

	/** The most offboards an import may make without an ADMIN's confirmation: 5 % of the employed, at least 20. */
	static int offboardThreshold(int employed) {
		return Math.max((int) Math.ceil(employed * 0.05), 20);
	}

	ImportView get(String tenantId, UUID id) {
		return transactions.readInTenant(tenantId, () -> imports.find(id).orElseThrow(HrImports::notFound));
	}

	List<ImportView> recent(String tenantId, int limit) {
		return transactions.readInTenant(tenantId, () -> imports.recent(limit));
	}

	Page<ImportRow> rows(String tenantId, UUID id, String kind, boolean failed, String cursor, int limit) {
		if (kind != null && !ImportRow.KINDS.contains(kind)) {
			throw new DomainException.InvalidInput("kind", "must be one of " + ImportRow.KINDS);
		}
		int size = limit <= 0 ? 50 : Math.min(limit, 500);
		return transactions.readInTenant(tenantId, () -> {
			imports.find(id).orElseThrow(HrImports::notFound);
			return imports.rows(id, kind, failed, cursor, size);
		});
	}

	/** Starts applying a previewed import (the job does the work); a held one is 409 until confirmed. */
	ImportView apply(String tenantId, String actor, UUID id) {
		return transactions.inTenant(tenantId, () -> {
			ImportView current = imports.findForUpdate(id).orElseThrow(HrImports::notFound);
			switch (current.status()) {
				case ImportView.HELD -> throw new DomainException.Conflict("The import would offboard "
						+ current.summary().offboard() + " employees, more than the threshold: an administrator must confirm it first.",
						"import-held");
				case ImportView.APPLYING, ImportView.APPLIED -> throw new DomainException.Conflict(
						"The import is already " + current.status() + ".", "import-applied");
				case ImportView.SUPERSEDED -> throw new DomainException.Conflict(
						"A newer pull of the HR source replaced this import.", "import-superseded");
				default -> {
				}
			}
			imports.setStatus(id, ImportView.APPLYING);
			audit.record(actor, "hr.import.applied", Map.of("subject", id.toString()));
			return imports.find(id).orElseThrow();
		});
	}

	/**
	 * An ADMIN releases a held import (audited); it can then be applied. A source sync's import is
	 * applied at once: the sync applies what it pulls, and nobody else would.
	 */
	ImportView confirm(String tenantId, String admin, UUID id) {
		return transactions.inTenant(tenantId, () -> {
			ImportView current = imports.findForUpdate(id).orElseThrow(HrImports::notFound);
			if (!ImportView.HELD.equals(current.status())) {
				throw new DomainException.Conflict("Only a held import needs a confirmation; this one is "
						+ current.status() + ".", "import-not-held");
			}
			imports.confirm(id, admin, clock.instant());
			audit.record(admin, "hr.import.confirmed", Map.of("subject", id.toString(), "offboard",
					current.summary().offboard()));
			if (ChangeSource.SYNC.value().equals(current.source())) {
				return apply(tenantId, admin, id);
			}
			return imports.find(id).orElseThrow();
		});
	}

	/**
	 * Applies up to {@code limit} rows of the tenant's oldest import being applied, each in its own
	 * unit of work with its outcome (a failing row is recorded as failed and the next goes on); an
	 * import with nothing left is applied. Returns how many rows it handled.
	 */
	int applyNext(String tenantId, int limit) {
		UUID id = transactions.readInTenant(tenantId, () -> imports.applying().orElse(null));
		if (id == null) {
			return 0;
		}
		List<ImportRow> rows = transactions.readInTenant(tenantId, () -> imports.pending(id, limit));
		ChangeSource source = ChangeSource.of(transactions.readInTenant(tenantId,
				() -> imports.find(id).orElseThrow().source()));
		int handled = 0;
		for (ImportRow row : rows) {
			if (Thread.currentThread().isInterrupted()) {
				return handled;
			}
			applyRow(tenantId, id, row, source);
			handled++;
		}
		if (rows.size() < limit) {
			transactions.runInTenant(tenantId, () -> imports.finish(id, clock.instant()));
		}
		return handled;
	}

	private void applyRow(String tenantId, UUID importId, ImportRow row, ChangeSource source) {
		try {
			transactions.runInTenant(tenantId, () -> {
				write(tenantId, row, source);
				imports.outcome(importId, row.line(), true, null);
			});
		}
		catch (DomainException e) {
			failed(tenantId, importId, row, e.getMessage());
		}
		catch (RuntimeException e) {
			log.warn("Import {} line {} failed", importId, row.line(), e);
			failed(tenantId, importId, row, "could not be applied (" + e.getClass().getSimpleName() + ")");
		}
	}

	private void failed(String tenantId, UUID importId, ImportRow row, String message) {
		transactions.runInTenant(tenantId, () -> imports.outcome(importId, row.line(), false, message));
	}

	private void write(String tenantId, ImportRow row, ChangeSource source) {
		Map<String, String> v = row.values();
		if (ImportRow.CREATE.equals(row.kind())) {
			if (employees.findByNumber(tenantId, row.employeeNumber()).isPresent()) {
				throw new DomainException.Conflict("stale: an employee with this number was created since the preview");
			}
			employees.hire(tenantId, null, new Hire(v.get("displayName"), v.get("email"), v.get("department"),
					v.get("manager"), RowClassifier.date(v.get("startDate")), true, v.get("title"), row.employeeNumber(),
					v.get("location"), v.get("costCentre")), source);
			return;
		}
		EmployeeChange.Builder change = EmployeeChange.builder();
		v.forEach((field, value) -> {
			switch (field) {
				case "displayName" -> change.displayName(value);
				case "email" -> change.email(value);
				case "department" -> change.department(value);
				case "manager" -> change.manager(value);
				case "title" -> change.title(value);
				case "location" -> change.location(value);
				case "costCentre" -> change.costCentre(value);
				case "startDate" -> change.startDate(RowClassifier.date(value));
				case "lastDay" -> change.lastDay(RowClassifier.date(value));
				default -> {
				}
			}
		});
		Employee current = employees.get(tenantId, row.employeeId());
		if (current.version() != row.expectedVersion()) {
			throw new DomainException.Conflict("stale: the employee changed since the preview (version "
					+ row.expectedVersion() + ", now " + current.version() + ")");
		}
		employees.change(tenantId, null, row.employeeId(), change.build(), source, row.expectedVersion());
	}

	private void store(String tenantId, UUID id, List<ImportFile.Row> batch, LocalDate today) {
		if (batch.isEmpty()) {
			return;
		}
		List<String> numbers = batch.stream().map(RowClassifier::number).filter(n -> n != null).toList();
		Map<String, Employee> existing = employees.findByNumbers(tenantId, numbers);
		List<ImportRow> rows = new ArrayList<>(batch.size());
		for (ImportFile.Row row : batch) {
			String number = RowClassifier.number(row);
			rows.add(RowClassifier.classify(row, number == null ? null : existing.get(number), today));
		}
		imports.insertRows(tenantId, id, rows);
	}

	private static DomainException notFound() {
		return new DomainException.NotFound("No such import.");
	}
}
