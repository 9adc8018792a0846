package workflow.handler;

import org.springframework.stereotype.Component;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.ApproversChanged;
import workflow.attention.ApproverChanges;

/** {@link ApproversChanged} → the tenant's blocked stages check again now (calls Temporal, so external). */
@Component
class ApproversChangedHandler implements OutboxEventHandler<ApproversChanged> {

	private final ApproverChanges changes;

	ApproversChangedHandler(ApproverChanges changes) {
		this.changes = changes;
	}

	@Override
	public Class<ApproversChanged> eventType() {
		return ApproversChanged.class;
	}

	@Override
	public boolean external() {
		return true;
	}

	@Override
	public void handle(ApproversChanged change, Delivery delivery) {
		changes.wakeBlockedStages(delivery.tenantId(), change);
	}
}
