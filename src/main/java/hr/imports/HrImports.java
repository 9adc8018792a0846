package hr.imports;

import java.io.InputStream;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import hr.ChangeSource;
import hr.Employee;
import hr.EmployeeBatchWrites;
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

	private static final String STALE_CREATE = "stale: an employee with this number was created since the preview";

	/** How long a reading import may go without finishing before the tenant's next import removes it. */
	static final Duration ABANDONED_AFTER = Duration.ofHours(6);

	/** Rows classified per lookup of their employees and stored per insert (one unit of work). */
	static final int BATCH = 1_000;

	private final TenantTransactions transactions;
	private final ImportRepository imports;
	private final EmployeeService employees;
	private final EmployeeBatchWrites batches;
	private final PlatformAudit audit;
	private final ObjectMapper json;
	private final Clock clock;

	HrImports(TenantTransactions transactions, ImportRepository imports, EmployeeService employees,
			EmployeeBatchWrites batches, PlatformAudit audit, ObjectMapper json, Clock clock) {
		this.batches = batches;
		this.transactions = transactions;
		this.imports = imports;
		this.employees = employees;
		this.audit = audit;
		this.json = json;
		this.clock = clock;
	}

	/**
	 * Reads the file one chunk of {@link #BATCH} rows at a time (never the whole file in memory) and
	 * stores each chunk's classified rows in a unit of work of its own, so no transaction (nor its
	 * connection) stays open while the client sends the file. Until its last chunk is stored the
	 * import is {@code reading}, which nothing shows or applies; a file that fails (its header, the
	 * connection) is removed, so it leaves nothing behind.
	 */
	ImportView preview(String tenantId, String actor, String contentType, InputStream body, ChangeSource source) {
		ImportFile file = ImportFile.open(contentType, body, json);
		UUID id = UUID.randomUUID();
		transactions.runInTenant(tenantId, () -> {
			imports.removeAbandoned(clock.instant().minus(ABANDONED_AFTER));
			imports.insert(tenantId, id, source.value(), actor, clock.instant());
		});
		try {
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
			return transactions.inTenant(tenantId, () -> previewed(tenantId, actor, id, source));
		}
		catch (RuntimeException e) {
			try {
				transactions.runInTenant(tenantId, () -> imports.remove(id));
			}
			catch (RuntimeException cleanup) {
				e.addSuppressed(cleanup);
			}
			throw e;
		}
	}

	private ImportView previewed(String tenantId, String actor, UUID id, ChangeSource source) {
		imports.rejectDuplicateNumbers(id);
		imports.summarise(id, ImportView.PREVIEWED);
		ImportView counted = imports.find(id).orElseThrow();
		if (counted.summary().offboard() > offboardThreshold(employees.countEmployed(tenantId))) {
			imports.setStatus(id, ImportView.HELD);
		}
		audit.record(actor == null ? source.value() : actor, "hr.import.previewed",
				Map.of("subject", id.toString(), "rows", counted.summary().toString()));
		return imports.find(id).orElseThrow();
	}

	/** The most offboards an import may make without an ADMIN's confirmation: 5 % of the employed, at least 20. */
	static int offboardThreshold(int employed) {
		return Math.max((int) Math.ceil(employed * 0.05), 20);
	}

	ImportView get(String tenantId, UUID id) {
		return transactions.readInTenant(tenantId, () -> visible(imports.find(id)));
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
			visible(imports.find(id));
			return imports.rows(id, kind, failed, cursor, size);
		});
	}

	/** Starts applying a previewed import (the job does the work); a held one is 409 until confirmed. */
	ImportView apply(String tenantId, String actor, UUID id) {
		return transactions.inTenant(tenantId, () -> {
			ImportView current = visible(imports.findForUpdate(id));
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
			ImportView current = visible(imports.findForUpdate(id));
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
	 * Applies the next chunk of up to {@code limit} rows of the tenant's oldest import being applied,
	 * in file order, in one unit of work with their outcomes (so a crash leaves none of them applied
	 * and a repeat applies nothing twice); an import with nothing left is applied. A row the rules
	 * refuse (stale, a taken email, an unknown manager) is that row's failure and the others apply. When
	 * the chunk fails as a whole (a constraint only the database sees), its rows are applied one by one,
	 * each in its own unit of work, so the dirty row fails alone. Returns how many rows it handled.
	 */
	int applyNext(String tenantId, int limit) {
		UUID id = transactions.readInTenant(tenantId, () -> imports.applying().orElse(null));
		if (id == null) {
			return 0;
		}
		try {
			return transactions.inTenant(tenantId, () -> applyChunk(tenantId, id, limit));
		}
		catch (RuntimeException e) {
			log.info("Import {}: a chunk could not be applied at once ({}); applying its rows one by one", id, e.toString());
		}
		List<ImportRow> rows = transactions.readInTenant(tenantId, () -> imports.pending(id, limit));
		ChangeSource source = ChangeSource.of(get(tenantId, id).source());
		int handled = 0;
		for (ImportRow row : rows) {
			if (Thread.currentThread().isInterrupted()) {
				return handled;
			}
			applyRow(tenantId, id, row, source);
			handled++;
		}
		if (rows.size() < limit) {
			transactions.runInTenant(tenantId, () -> finish(id));
		}
		return handled;
	}

	private int applyChunk(String tenantId, UUID id, int limit) {
		// serialises two appliers of one import: the second reads the rows the first left
		ImportView current = imports.findForUpdate(id).orElse(null);
		if (current == null || !ImportView.APPLYING.equals(current.status())) {
			return 0;
		}
		ChangeSource source = ChangeSource.of(current.source());
		List<ImportRow> rows = imports.pending(id, limit);
		List<String> failures = new ArrayList<>(rows.size());
		int start = 0;
		while (start < rows.size()) {
			// consecutive hires, then consecutive changes, ...: file order as one row after the other
			boolean hires = ImportRow.CREATE.equals(rows.get(start).kind());
			int end = start;
			while (end < rows.size() && ImportRow.CREATE.equals(rows.get(end).kind()) == hires) {
				end++;
			}
			List<ImportRow> run = rows.subList(start, end);
			failures.addAll(hires ? hireAll(tenantId, run, source) : changeAll(tenantId, run, source));
			start = end;
		}
		imports.outcomes(id, rows.stream().map(ImportRow::line).toList(), failures);
		if (rows.size() < limit) {
			finish(id);
		}
		return rows.size();
	}

	private List<String> hireAll(String tenantId, List<ImportRow> rows, ChangeSource source) {
		Map<String, Employee> existing = employees.findByNumbers(tenantId,
				rows.stream().map(ImportRow::employeeNumber).toList());
		List<String> failures = new ArrayList<>(rows.size());
		List<Hire> hires = new ArrayList<>();
		for (ImportRow row : rows) {
			if (existing.containsKey(row.employeeNumber())) {
				failures.add(STALE_CREATE);
			}
			else {
				failures.add(null);
				hires.add(hireOf(row));
			}
		}
		Iterator<String> written = batches.hireAll(tenantId, null, hires, source).iterator();
		return failures.stream().map(failure -> failure == null ? written.next() : failure).toList();
	}

	private List<String> changeAll(String tenantId, List<ImportRow> rows, ChangeSource source) {
		return batches.changeAll(tenantId, null, rows.stream()
			.map(row -> new EmployeeBatchWrites.Change(row.employeeId(), row.expectedVersion(), changeOf(row)))
			.toList(), source);
	}

	private void finish(UUID id) {
		imports.finish(id, clock.instant());
	}

	private void applyRow(String tenantId, UUID importId, ImportRow row, ChangeSource source) {
		try {
			transactions.runInTenant(tenantId, () -> {
				if (imports.lockPending(importId, row.line())) {
					write(tenantId, row, source);
					imports.outcome(importId, row.line(), true, null);
				}
			});
		}
		catch (DomainException e) {
			failed(tenantId, importId, row, EmployeeBatchWrites.reason(e));
		}
		catch (RuntimeException e) {
			log.warn("Import {} line {} failed", importId, row.line(), e);
			failed(tenantId, importId, row, "could not be applied (" + e.getClass().getSimpleName() + ")");
		}
	}

	private void failed(String tenantId, UUID importId, ImportRow row, String message) {
		transactions.runInTenant(tenantId, () -> {
			if (imports.lockPending(importId, row.line())) {
				imports.outcome(importId, row.line(), false, message);
			}
		});
	}

	private void write(String tenantId, ImportRow row, ChangeSource source) {
		if (ImportRow.CREATE.equals(row.kind())) {
			if (employees.findByNumber(tenantId, row.employeeNumber()).isPresent()) {
				throw new DomainException.Conflict(STALE_CREATE);
			}
			employees.hire(tenantId, null, hireOf(row), source);
			return;
		}
		Employee current = employees.get(tenantId, row.employeeId());
		if (current.version() != row.expectedVersion()) {
			throw new DomainException.Conflict(EmployeeBatchWrites.stale(row.expectedVersion(), current.version()));
		}
		employees.change(tenantId, null, row.employeeId(), changeOf(row), source, row.expectedVersion());
	}

	private static Hire hireOf(ImportRow row) {
		Map<String, String> v = row.values();
		return new Hire(v.get("displayName"), v.get("email"), v.get("department"), v.get("manager"),
				RowClassifier.date(v.get("startDate")), true, v.get("title"), row.employeeNumber(), v.get("location"),
				v.get("costCentre"));
	}

	private static EmployeeChange changeOf(ImportRow row) {
		EmployeeChange.Builder change = EmployeeChange.builder();
		row.values().forEach((field, value) -> {
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
		return change.build();
	}

	/** One chunk: one lookup of its employees by number, classified in memory, one multi-row insert. */
	private void store(String tenantId, UUID id, List<ImportFile.Row> batch, LocalDate today) {
		if (batch.isEmpty()) {
			return;
		}
		transactions.runInTenant(tenantId, () -> {
			List<String> numbers = batch.stream().map(RowClassifier::number).filter(n -> n != null).toList();
			Map<String, Employee> existing = employees.findByNumbers(tenantId, numbers);
			List<ImportRow> rows = new ArrayList<>(batch.size());
			for (ImportFile.Row row : batch) {
				String number = RowClassifier.number(row);
				rows.add(RowClassifier.classify(row, number == null ? null : existing.get(number), today));
			}
			imports.insertRows(tenantId, id, rows);
		});
	}

	/** The import unless it is still being read (then it is not there yet). */
	private static ImportView visible(Optional<ImportView> found) {
		return found.filter(i -> !ImportView.READING.equals(i.status())).orElseThrow(HrImports::notFound);
	}

	private static DomainException notFound() {
		return new DomainException.NotFound("No such import.");
	}
}
