package hr.imports;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import outbox.catalog.FieldChange;

/**
 * One row of an import as the preview classified it: {@code kind} is create, update, unchanged,
 * offboard (lastDay newly set) or reject; {@code changes} are field by field against the employee
 * at {@code expectedVersion}; {@code errors} the reasons of a rejection; {@code outcome} (applied,
 * failed) and {@code error} are the apply's.
 */
public record ImportRow(int line, String kind, String employeeNumber, UUID employeeId, Integer expectedVersion,
		Map<String, String> values, Map<String, FieldChange> changes, List<String> errors, String outcome,
		String error) {

	static final String CREATE = "create";
	static final String UPDATE = "update";
	static final String UNCHANGED = "unchanged";
	static final String OFFBOARD = "offboard";
	static final String REJECT = "reject";

	static final List<String> KINDS = List.of(CREATE, UPDATE, UNCHANGED, OFFBOARD, REJECT);
}
