package provisioning.grants;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import provisioning.ProvisioningRequest;

/** The {@code provisioning_grant_receipts} table: the changes the integration carried out. Call inside a tenant unit of work. */
@Repository
class ProvisioningReceipts {

	private final JdbcClient jdbc;

	ProvisioningReceipts(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	boolean exists(String idempotencyKey) {
		return jdbc.sql("SELECT EXISTS (SELECT 1 FROM provisioning_grant_receipts WHERE idempotency_key = :key)")
			.param("key", idempotencyKey)
			.query(Boolean.class)
			.single();
	}

	/** Records the receipt; a replay is a no-op. */
	void record(ProvisioningRequest request) {
		jdbc.sql("""
				INSERT INTO provisioning_grant_receipts (tenant_id, idempotency_key, run_id, stage_id, name, status)
				VALUES (current_setting('app.tenant_id'), :key, :runId, :stageId, :name, :status)
				ON CONFLICT (tenant_id, idempotency_key) DO NOTHING
				""")
			.param("key", request.idempotencyKey())
			.param("runId", request.runId())
			.param("stageId", request.stageId())
			.param("name", request.grant())
			.param("status", request.status().value())
			.update();
	}
}
