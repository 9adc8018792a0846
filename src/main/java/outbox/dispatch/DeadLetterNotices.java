package outbox.dispatch;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import outbox.store.ClaimedEvent;
import platform.TenantTransactions;

/**
 * Tells the handler of an event that it went to the dead letters ({@code deadLettered} of the
 * SPI), in a tenant unit of work of its own after the dead letter committed. A failure is logged;
 * the dead letter and its evidence stay as they are.
 */
final class DeadLetterNotices {

	private static final Logger log = LoggerFactory.getLogger(DeadLetterNotices.class);

	private final HandlerRegistry registry;
	private final TenantTransactions transactions;

	DeadLetterNotices(HandlerRegistry registry, TenantTransactions transactions) {
		this.registry = registry;
		this.transactions = transactions;
	}

	void notice(ClaimedEvent event, String reason) {
		try {
			HandlerRegistry.Invocation invocation = registry.bind(event);
			transactions.runInTenant(event.tenantId(), () -> invocation.deadLettered(reason));
		}
		catch (RuntimeException e) {
			log.warn("The handler of dead-lettered outbox event {} (tenant {}) failed on the notice: {}", event.id(),
					event.tenantId(), e.toString());
		}
	}
}
