package workflow.definition;

import java.util.UUID;

import org.springframework.stereotype.Component;

import outbox.OutboxPublisher;
import outbox.catalog.ApproversChanged;

/**
 * Announces, in the change's transaction, that a definition or directory change may have added
 * approvers; {@code workflow.attention} wakes the blocked stages when the event is delivered. The
 * definitions publish the event themselves so that this room does not depend on the attention room.
 */
@Component
class ApproverAnnouncement {

	private final OutboxPublisher outbox;

	ApproverAnnouncement(OutboxPublisher outbox) {
		this.outbox = outbox;
	}

	void announce(String cause) {
		outbox.publish(new ApproversChanged(UUID.randomUUID(), cause));
	}
}
