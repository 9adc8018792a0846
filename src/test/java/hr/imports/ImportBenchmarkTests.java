package hr.imports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import hr.ChangeSource;
import platform.testing.JmlHubIntegrationTest;

/**
 * The import's speed (docs/benchmarks.md, "HR import"): a generated file of
 * {@code -Dhr.import.rows} new employees previewed (the dry run) and applied, then the same file with
 * 5 % of its rows changed previewed and applied. In {@code mvn verify} it runs with 20 rows to
 * check that it works (its hires are acme's, whose approvers' inboxes the other tests read); it
 * asserts counts, never times.
 */
@JmlHubIntegrationTest
class ImportBenchmarkTests {

	static final int ROWS = Integer.getInteger("hr.import.rows", 20);

	@Autowired
	HrImports imports;

	@Autowired
	ImportApplyJob applyJob;

	@Test
	void importsAFileThenTheSameFileWithFivePercentChanged() {
		String prefix = "B" + UUID.randomUUID().toString().substring(0, 6);
		LocalDate start = LocalDate.now().plusDays(30);

		ImportView created = timed("dry run of " + ROWS + " new employees", ROWS,
				() -> imports.preview("acme", "hana", "text/csv", new ByteArrayInputStream(file(prefix, start, false)),
						ChangeSource.IMPORT));
		assertThat(created.summary().create()).isEqualTo(ROWS);
		imports.apply("acme", "hana", created.id());
		timed("apply of " + ROWS + " hires", ROWS, () -> applyAll(created.id()));
		assertThat(imports.get("acme", created.id()).progress().applied()).isEqualTo(ROWS);

		ImportView changed = timed("dry run of the same file with 5 % changed", ROWS,
				() -> imports.preview("acme", "hana", "text/csv", new ByteArrayInputStream(file(prefix, start, true)),
						ChangeSource.IMPORT));
		assertThat(changed.summary().update()).isEqualTo(ROWS / 20);
		assertThat(changed.summary().unchanged()).isEqualTo(ROWS - ROWS / 20);
		imports.apply("acme", "hana", changed.id());
		timed("apply of " + ROWS / 20 + " changes", ROWS / 20, () -> applyAll(changed.id()));
		assertThat(imports.get("acme", changed.id()).progress().applied()).isEqualTo(ROWS / 20);
	}

	private ImportView applyAll(UUID id) {
		while (!ImportView.APPLIED.equals(imports.get("acme", id).status())) {
			applyJob.run();
		}
		return imports.get("acme", id);
	}

	private static byte[] file(String prefix, LocalDate start, boolean changed) {
		ByteArrayOutputStream out = new ByteArrayOutputStream(ROWS * 100);
		out.writeBytes((ImportApiTests.HEADER + "\n").getBytes(StandardCharsets.UTF_8));
		for (int i = 0; i < ROWS; i++) {
			String department = changed && i % 20 == 0 ? "Moved" : "Dept" + (i % 50);
			out.writeBytes("%1$s-%2$d,Person %2$d,%3$s-%2$d@bench.example,%4$s,,Engineer,Berlin,CC-%5$d,%6$s,\n"
				.formatted(prefix, i, prefix.toLowerCase(), department, i % 30, start)
				.getBytes(StandardCharsets.UTF_8));
		}
		return out.toByteArray();
	}

	private static <T> T timed(String what, int rows, java.util.function.Supplier<T> work) {
		long began = System.nanoTime();
		T result = work.get();
		long ms = Math.max(1, (System.nanoTime() - began) / 1_000_000);
		System.out.printf("HR import: %s in %d ms (%d rows/s, max heap %d MB)%n", what, ms, rows * 1000L / ms,
				Runtime.getRuntime().maxMemory() / (1024 * 1024));
		return result;
	}
}
