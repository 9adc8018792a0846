package provisioning.grants;

import org.springframework.stereotype.Component;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.GrantRecorded;

/**
 * {@link GrantRecorded} → the grant provisioning integration. Its effect is in another system, so
 * the handler runs outside the dispatcher's transaction and the provisioner keeps a receipt per
 * event: a redelivered event is not provisioned twice.
 */
@Component
class GrantRecordedHandler implements OutboxEventHandler<GrantRecorded> {

	private final GrantProvisioner provisioner;

	GrantRecordedHandler(GrantProvisioner provisioner) {
		this.provisioner = provisioner;
	}

	@Override
	public Class<GrantRecorded> eventType() {
		return GrantRecorded.class;
	}

	@Override
	public boolean external() {
		return true;
	}

	@Override
	public void handle(GrantRecorded change, Delivery delivery) {
		provisioner.provision(delivery.tenantId(), change, delivery.idempotencyKey());
	}
}
