package workflow.insights;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;

import org.junit.jupiter.api.Test;

class RunHistoryCsvTests {

	@Test
	void cellsAreQuotedWhereRfc4180NeedsIt() {
		assertThat(RunHistoryCsv.cell("plain")).isEqualTo("plain");
		assertThat(RunHistoryCsv.cell(null)).isEmpty();
		assertThat(RunHistoryCsv.cell("Doe, Jane")).isEqualTo("\"Doe, Jane\"");
		assertThat(RunHistoryCsv.cell("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
		assertThat(RunHistoryCsv.cell("two\nlines")).isEqualTo("\"two\nlines\"");
	}

	@Test
	void aCellThatASpreadsheetWouldEvaluateIsText() {
		assertThat(RunHistoryCsv.cell("=HYPERLINK(\"http://evil\")")).isEqualTo("\"'=HYPERLINK(\"\"http://evil\"\")\"");
		assertThat(RunHistoryCsv.cell("+1")).isEqualTo("'+1");
		assertThat(RunHistoryCsv.cell("-2")).isEqualTo("'-2");
		assertThat(RunHistoryCsv.cell("@SUM(A1)")).isEqualTo("'@SUM(A1)");
		assertThat(RunHistoryCsv.cell("a=b")).isEqualTo("a=b");
	}

	@Test
	void rowsEndWithCrLf() throws Exception {
		StringWriter out = new StringWriter();
		new RunHistoryCsv().row(out, "a", null, "c");
		assertThat(out).hasToString("a,,c\r\n");
	}
}
