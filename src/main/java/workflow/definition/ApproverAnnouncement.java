package workflow.definition;

import java.util.List;
import java.util.Set;
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

	/** A change that concerns only the stages assigned to {@code users} or to {@code groups}. */
	void announce(String cause, Set<String> users, Set<String> groups) {
		outbox.publish(new ApproversChanged(UUID.randomUUID(), cause, sorted(users), sorted(groups)));
	}

	private static List<String> sorted(Set<String> names) {
		return names.stream().sorted().toList();
	}
}
