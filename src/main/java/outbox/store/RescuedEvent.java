package outbox.store;

import java.util.UUID;

/** An event whose lease expired in a dead or overrunning worker, now pending again or dead-lettered. */
public record RescuedEvent(UUID id, String tenantId, String type, boolean deadLettered) {
}
