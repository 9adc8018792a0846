package outbox.catalog;

import java.util.UUID;

/**
 * The projection recorded a stage's grant: {@code granted} when the stage was approved,
 * {@code compensated} when a reject or withdraw undid it. Published by {@code workflow} in the
 * transaction that records the grant; consumed by {@code workflow}, which hands it to the grant
 * provisioning integration (the systems that carry the grant out).
 */
@EventType(key = GrantRecorded.TYPE, aggregatePath = "/runs/{id}")
public record GrantRecorded(UUID runId, UUID stageId, String grant, UUID employeeId, GrantState status)
		implements CatalogEvent {

	public static final String TYPE = "workflow.grant.recorded";

	public GrantRecorded {
		Events.required(runId, "runId");
		Events.required(stageId, "stageId");
		Events.requiredText(grant, "grant");
		Events.required(employeeId, "employeeId");
		Events.required(status, "status");
	}

	@Override
	public UUID aggregateId() {
		return runId;
	}

	@Override
	public String idempotencyKey() {
		// a stage gives each grant once and compensation undoes it once
		return "grant:" + stageId + ":" + grant + ":" + status.value();
	}
}
