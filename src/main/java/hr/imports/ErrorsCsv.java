package hr.imports;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.UUID;

import platform.Page;

/**
 * An import's rejected and failed rows as CSV, written page by page (never all in memory). A cell
 * that a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) is
 * prefixed with an apostrophe: the cells come from an uploaded file.
 */
final class ErrorsCsv {

	private static final int PAGE = 500;

	private ErrorsCsv() {
	}

	static void write(HrImports imports, String tenantId, UUID id, Writer out) throws IOException {
		out.write("line,employeeNumber,kind,outcome,errors\r\n");
		String cursor = null;
		do {
			Page<ImportRow> page = imports.rows(tenantId, id, null, true, cursor, PAGE);
			for (ImportRow row : page.items()) {
				List<String> errors = row.error() == null ? row.errors()
						: java.util.stream.Stream.concat(row.errors().stream(), java.util.stream.Stream.of(row.error())).toList();
				out.write(String.join(",", String.valueOf(row.line()), cell(row.employeeNumber()), cell(row.kind()),
						cell(row.outcome()), cell(String.join("; ", errors))));
				out.write("\r\n");
			}
			cursor = page.nextCursor();
		}
		while (cursor != null);
		out.flush();
	}

	static String cell(String value) {
		if (value == null || value.isEmpty()) {
			return "";
		}
		String safe = "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
		if (safe.contains(",") || safe.contains("\"") || safe.contains("\n") || safe.contains("\r")) {
			return "\"" + safe.replace("\"", "\"\"") + "\"";
		}
		return safe;
	}
}
