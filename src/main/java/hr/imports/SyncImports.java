package hr.imports;

import java.io.InputStream;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.springframework.stereotype.Component;

import hr.ChangeSource;
import hr.Employee;
import hr.EmployeeService;
import outbox.catalog.FieldChange;
import platform.TenantTransactions;

/**
 * The import pipeline as the HR source sync uses it (its one entry into this room): a pulled file is
 * previewed exactly as an upload is (source {@code sync}); when the source's file is the full list,
 * every employee it no longer names is added as an offboard (last day today, or the start date of a
 * hire not yet started); the offboarding threshold then holds the import for an ADMIN, or it is
 * applied at once by the {@code hr_import_apply} job, as nobody else would apply it.
 */
@Component
public class SyncImports {

	/** How many employees are checked against the file per lookup. */
	static final int PAGE = 1_000;

	private final TenantTransactions transactions;
	private final HrImports imports;
	private final ImportRepository rows;
	private final EmployeeService employees;
	private final Clock clock;

	SyncImports(TenantTransactions transactions, HrImports imports, ImportRepository rows, EmployeeService employees,
			Clock clock) {
		this.transactions = transactions;
		this.imports = imports;
		this.rows = rows;
		this.employees = employees;
		this.clock = clock;
	}

	/**
	 * Imports a pulled file in the caller's unit of work (or one of its own): previewed, then held or
	 * applying. A held sync import of an earlier pull is superseded (never applied): this file is
	 * the HR system's newer word. Employees missing from the file are offboarded only when every row
	 * named its employee number: a row whose number could not be read might be any of them.
	 *
	 * @param contentType {@code text/csv} or {@code application/x-ndjson}
	 * @param offboardMissing whether the file is the full list of employees
	 */
	public ImportView pulled(String tenantId, String contentType, InputStream body, boolean offboardMissing) {
		return transactions.inTenant(tenantId, () -> {
			ImportView previewed = imports.preview(tenantId, null, contentType, body, ChangeSource.SYNC);
			UUID id = previewed.id();
			if (offboardMissing && !rows.hasRowWithoutNumber(id) && addMissing(tenantId, id) > 0) {
				rows.summarise(id, previewed.status());
				ImportView counted = rows.find(id).orElseThrow();
				if (counted.summary().offboard() > HrImports.offboardThreshold(employees.countEmployed(tenantId))) {
					rows.setStatus(id, ImportView.HELD);
				}
			}
			rows.supersedeHeld(ChangeSource.SYNC.value(), id);
			ImportView current = rows.find(id).orElseThrow();
			return ImportView.HELD.equals(current.status()) ? current
					: imports.apply(tenantId, ChangeSource.SYNC.value(), id);
		});
	}

	/** An ADMIN confirms a held sync import (audited): it is applied at once. */
	public ImportView confirm(String tenantId, String admin, UUID id) {
		return imports.confirm(tenantId, admin, id);
	}

	/** The imports of {@code ids} that exist (a sync's runs show their counts and progress). */
	public List<ImportView> find(String tenantId, List<UUID> ids) {
		return transactions.readInTenant(tenantId, () -> rows.findAll(ids));
	}

	/** Adds an offboard row after the file's last line for each employee the file does not name; how many. */
	private int addMissing(String tenantId, UUID id) {
		LocalDate today = LocalDate.now(clock);
		int line = rows.lastLine(id);
		int added = 0;
		String after = null;
		for (List<Employee> page = employees.employedByNumber(tenantId, null, PAGE); !page.isEmpty();
				page = employees.employedByNumber(tenantId, after, PAGE)) {
			Set<String> named = new HashSet<>(rows.numbersNamed(id, page.stream().map(Employee::employeeNumber).toList()));
			List<ImportRow> missing = new ArrayList<>();
			for (Employee employee : page) {
				if (named.contains(employee.employeeNumber())) {
					continue;
				}
				String lastDay = (employee.startDate() != null && employee.startDate().isAfter(today) ? employee.startDate()
						: today).toString();
				Map<String, String> values = new LinkedHashMap<>();
				values.put("employeeNumber", employee.employeeNumber());
				values.put("lastDay", lastDay);
				missing.add(new ImportRow(++line, ImportRow.OFFBOARD, employee.employeeNumber(), employee.id(),
						employee.version(), values, Map.of("lastDay", new FieldChange(null, lastDay)), List.of(), null, null));
			}
			rows.insertRows(tenantId, id, missing);
			added += missing.size();
			after = page.get(page.size() - 1).employeeNumber();
		}
		return added;
	}
}
