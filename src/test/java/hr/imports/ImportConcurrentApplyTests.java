package hr.imports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import hr.ChangeSource;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;

/**
 * Two appliers of one import at once (a round that outran its job lease beside the next holder; in
 * tests, the scheduler beside a test's own run): every row is applied once and keeps its outcome. It
 * was settled twice: the second applier found the employee it was to create and marked the applied
 * row failed, counting it both ways.
 */
@JmlHubIntegrationTest
class ImportConcurrentApplyTests {

	static final int ROWS = 40;

	@Autowired
	HrImports imports;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void twoAppliersAtOnceSettleEachRowOnce() throws Exception {
		String prefix = "C" + UUID.randomUUID().toString().substring(0, 8);
		String start = LocalDate.now().plusDays(40).toString();
		StringBuilder csv = new StringBuilder("employeeNumber,displayName,email,department,startDate\n");
		IntStream.rangeClosed(1, ROWS).forEach(i -> csv.append(prefix).append('-').append(i).append(",Con Current ").append(i)
			.append(',').append(prefix.toLowerCase()).append('.').append(i).append("@acme.example,Engineering,").append(start)
			.append('\n'));
		ImportView preview = imports.preview("acme", "hana", "text/csv",
				new ByteArrayInputStream(csv.toString().getBytes(StandardCharsets.UTF_8)), ChangeSource.IMPORT);
		assertThat(preview.summary().create()).isEqualTo(ROWS);
		imports.apply("acme", "hana", preview.id());

		CountDownLatch go = new CountDownLatch(1);
		List<CompletableFuture<Integer>> appliers = IntStream.range(0, 2).mapToObj(i -> CompletableFuture.supplyAsync(() -> {
			try {
				go.await();
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
			return imports.applyNext("acme", ROWS + 10);
		})).toList();
		go.countDown();
		for (CompletableFuture<Integer> applier : appliers) {
			applier.get(2, TimeUnit.MINUTES);
		}

		ImportView done = imports.get("acme", preview.id());
		assertThat(done.status()).isEqualTo("applied");
		assertThat(done.progress().applied()).isEqualTo(ROWS);
		assertThat(done.progress().failed()).isZero();
		assertThat(transactions.readInTenant("acme", () -> jdbc.sql("""
				SELECT count(*) FROM hr_import_rows WHERE import_id = :id AND outcome = 'applied'""")
			.param("id", preview.id()).query(Long.class).single())).isEqualTo(ROWS);
		assertThat(transactions.readInTenant("acme", () -> jdbc.sql("SELECT count(*) FROM employees WHERE employee_number LIKE :p")
			.param("p", prefix + "-%").query(Long.class).single())).isEqualTo(ROWS);
	}
}
