package workflow.insights;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

import org.springframework.stereotype.Component;

/**
 * The run history's CSV (RFC 4180): every cell quoted when it holds a comma, a quote or a line
 * break (quotes doubled), lines ended by CRLF. A cell that starts with {@code = + - @} (or a tab or
 * carriage return) is prefixed with a single quote so that a spreadsheet shows it as text instead
 * of evaluating it as a formula: employee names and reasons come from people.
 */
@Component
class RunHistoryCsv {

	static final List<String> HEADER = List.of("run_id", "definition", "employee_id", "employee_name", "department",
			"status", "status_reason", "created_at", "started_at", "finished_at", "hours_to_finish");

	void header(Writer out) throws IOException {
		row(out, HEADER.toArray(String[]::new));
	}

	void row(Writer out, String... cells) throws IOException {
		for (int i = 0; i < cells.length; i++) {
			if (i > 0) {
				out.write(',');
			}
			out.write(cell(cells[i]));
		}
		out.write("\r\n");
	}

	/** One cell, formula-safe and escaped; null is an empty cell. */
	static String cell(String value) {
		if (value == null || value.isEmpty()) {
			return "";
		}
		String text = "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
		boolean quote = text.indexOf(',') >= 0 || text.indexOf('"') >= 0 || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0;
		return quote ? '"' + text.replace("\"", "\"\"") + '"' : text;
	}
}
