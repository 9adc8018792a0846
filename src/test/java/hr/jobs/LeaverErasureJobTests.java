package hr.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import hr.EmployeeService;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import platform.testing.TestTenants;

/**
 * The erasure job replaces the name and email of employees who left longer ago than their
 * tenant's retention period, keeps their ids and audits each erasure; recent leavers, people who
 * have not left and suspended tenants are left alone.
 */
@JmlHubIntegrationTest
class LeaverErasureJobTests {

	static final LocalDate TODAY = LocalDate.of(2031, 6, 1);

	@Autowired
	EmployeeService employees;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	LeaverErasureJob job(int batchSize) {
		return new LeaverErasureJob(employees, Clock.fixed(TODAY.atStartOfDay().toInstant(ZoneOffset.UTC), ZoneOffset.UTC),
				batchSize);
	}

	UUID employee(String tenant, String name, String status, LocalDate lastDay) {
		UUID id = UUID.randomUUID();
		transactions.runInTenant(tenant, () -> jdbc.sql("""
				INSERT INTO employees (id, tenant_id, display_name, email, department, start_date, status, last_day, updated_at)
				VALUES (:id, :tenant, :name, :email, 'Ops', DATE '2020-01-01', :status, :lastDay, CAST(:lastDay AS date))""")
			.param("id", id)
			.param("tenant", tenant)
			.param("name", name)
			.param("email", name.toLowerCase().replace(' ', '.') + "@example.test")
			.param("status", status)
			.param("lastDay", lastDay)
			.update());
		return id;
	}

	Map<String, Object> row(String tenant, UUID id) {
		return transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT display_name, email, personal_data_erased_at IS NOT NULL AS erased FROM employees WHERE id = :id""")
			.param("id", id)
			.query()
			.singleRow());
	}

	@Test
	void leaversPastTheRetentionAreErasedAndEveryoneElseIsKept() {
		String tenant = TestTenants.create(transactions, jdbc, "erase", "boss");
		transactions.runInTenant(tenant, () -> jdbc.sql("UPDATE tenants SET personal_data_retention_days = 30").update());
		UUID old1 = employee(tenant, "Long Gone", "left", TODAY.minusDays(31));
		UUID old2 = employee(tenant, "Also Gone", "left", TODAY.minusDays(400));
		UUID recent = employee(tenant, "Just Left", "left", TODAY.minusDays(29));
		UUID leaving = employee(tenant, "Still Leaving", "leaving", TODAY.minusDays(100));

		String paused = TestTenants.create(transactions, jdbc, "erase-paused", "boss");
		transactions.runInTenant(paused, () -> jdbc.sql("""
				UPDATE tenants SET personal_data_retention_days = 30, status = 'suspended', suspended_at = now()""").update());
		UUID waiting = employee(paused, "Waits Suspended", "left", TODAY.minusDays(400));

		job(1).run();

		for (UUID id : List.of(old1, old2)) {
			Map<String, Object> erased = row(tenant, id);
			assertThat(erased.get("display_name")).isEqualTo("Erased employee");
			assertThat(erased.get("email")).isEqualTo("erased-" + id + "@erased.invalid");
			assertThat(erased.get("erased")).isEqualTo(true);
		}
		assertThat(row(tenant, recent).get("display_name")).isEqualTo("Just Left");
		assertThat(row(tenant, leaving).get("display_name")).isEqualTo("Still Leaving");
		assertThat(row(paused, waiting).get("display_name")).isEqualTo("Waits Suspended");
		assertThat(transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT detail->>'subject' FROM platform_audit WHERE action = 'employee.personal_data_erased'""")
			.query(String.class).list())).containsExactlyInAnyOrder(old1.toString(), old2.toString());

		// a second round changes nothing more
		job(100).run();
		assertThat(transactions.readInTenant(tenant, () -> jdbc.sql("""
				SELECT count(*) FROM platform_audit WHERE action = 'employee.personal_data_erased'""")
			.query(Long.class).single())).isEqualTo(2);
	}
}
