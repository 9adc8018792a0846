package notifications.webhooks;

import org.springframework.stereotype.Component;

import outbox.ConsumerInterests;

/**
 * Keeps the outbox's interest of the webhooks' consumer in step with the tenant's endpoints: after
 * each change (created, deleted, enabled, disabled), in its unit of work, the types its enabled
 * endpoints subscribe to. The outbox stores the webhooks' row of an event only in tenants with an
 * enabled endpoint for its type, so tenants without endpoints pay nothing for them.
 */
@Component
class WebhookInterest {

	private final EndpointRepository endpoints;
	private final ConsumerInterests interests;

	WebhookInterest(EndpointRepository endpoints, ConsumerInterests interests) {
		this.endpoints = endpoints;
		this.interests = interests;
	}

	/** Call in the unit of work that changed the tenant's endpoints, after the change. */
	void refresh() {
		endpoints.awaitOtherChanges();
		interests.declare(WebhookConsumer.CONSUMER, endpoints.subscribedTypes());
	}
}
