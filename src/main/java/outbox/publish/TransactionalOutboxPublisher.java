package outbox.publish;

import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

import outbox.InvalidEventException;
import outbox.OutboxPublisher;
import outbox.PublishOptions;
import outbox.catalog.CatalogEvent;
import outbox.codec.EventCatalog;
import outbox.codec.EventCodec;
import outbox.dispatch.HandlerRegistry;
import outbox.dispatch.Wakeups;
import outbox.store.OutboxEventRepository;
import platform.TenantTransactions;

/**
 * Stores events in the caller's tenant transaction, committed or rolled back with the business
 * data, one row for each consumer of the event's type (so each is delivered and retried on its
 * own), a selective consumer's only where the tenant declared an interest in the type
 * ({@link outbox.ConsumerInterests}); the dispatchers are woken after the commit. Outside a tenant unit of work
 * it fails ({@link TenantTransactions#currentTenant()}).
 */
@Component
class TransactionalOutboxPublisher implements OutboxPublisher {

	private static final Logger log = LoggerFactory.getLogger(TransactionalOutboxPublisher.class);

	static final int DEFAULT_MAX_ATTEMPTS = 5;
	static final int MAX_IDEMPOTENCY_KEY_LENGTH = 400;

	private final TenantTransactions transactions;
	private final OutboxEventRepository events;
	private final EventCatalog catalog;
	private final EventCodec codec;
	private final Wakeups wakeups;
	private final ObjectProvider<HandlerRegistry> registry;

	// the registry through a provider: handlers depend (through their module's services) on this publisher
	TransactionalOutboxPublisher(TenantTransactions transactions, OutboxEventRepository events, EventCatalog catalog,
			EventCodec codec, Wakeups wakeups, ObjectProvider<HandlerRegistry> registry) {
		this.wakeups = wakeups;
		this.registry = registry;
		this.transactions = transactions;
		this.events = events;
		this.catalog = catalog;
		this.codec = codec;
	}

	@Override
	public void publish(CatalogEvent event, PublishOptions options) {
		String tenant = transactions.currentTenant();
		String type;
		String key;
		String payload;
		try {
			if (event == null) {
				throw new InvalidEventException("The event is null");
			}
			type = catalog.keyOf(event.getClass());
			key = options.idempotencyKey() == null ? event.idempotencyKey() : options.idempotencyKey();
			validate(type, key, options);
			payload = codec.encode(event);
		}
		catch (RuntimeException e) {
			// a rejected event fails the whole business transaction even when the caller catches this
			transactions.setRollbackOnly();
			throw e;
		}
		boolean inserted = events.insert(tenant, type, consumers().consumersOf(event.getClass()),
				consumers().selectiveConsumersOf(event.getClass()), event.aggregateId(), key, payload,
				catalog.versionOf(event.getClass()),
				options.maxAttempts() == null ? DEFAULT_MAX_ATTEMPTS : options.maxAttempts()) > 0;
		if (inserted) {
			wakeups.afterCommit(tenant);
		}
		else {
			log.debug("Publish of {} {} in tenant {} stored nothing: a replay, or no consumer wants it there", type, key,
					tenant);
		}
	}

	@Override
	public void publishAll(List<? extends CatalogEvent> batch) {
		if (batch.isEmpty()) {
			return;
		}
		String tenant = transactions.currentTenant();
		List<OutboxEventRepository.NewEvent> rows = new ArrayList<>();
		try {
			for (CatalogEvent event : batch) {
				if (event == null) {
					throw new InvalidEventException("The event is null");
				}
				String type = catalog.keyOf(event.getClass());
				validate(type, event.idempotencyKey(), PublishOptions.DEFAULTS);
				rows.add(new OutboxEventRepository.NewEvent(type, consumers().consumersOf(event.getClass()),
						consumers().selectiveConsumersOf(event.getClass()), event.aggregateId(), event.idempotencyKey(), codec.encode(event), catalog.versionOf(event.getClass()),
						DEFAULT_MAX_ATTEMPTS));
			}
		}
		catch (RuntimeException e) {
			transactions.setRollbackOnly();
			throw e;
		}
		if (events.insertAll(tenant, rows) > 0) {
			wakeups.afterCommit(tenant);
		}
	}

	private HandlerRegistry consumers() {
		return registry.getObject();
	}

	private static void validate(String type, String key, PublishOptions options) {
		if (!StringUtils.hasText(key)) {
			throw new InvalidEventException("The idempotency key of a " + type + " event is blank");
		}
		if (key.length() > MAX_IDEMPOTENCY_KEY_LENGTH) {
			throw new InvalidEventException("The idempotency key of a " + type + " event is longer than "
					+ MAX_IDEMPOTENCY_KEY_LENGTH + " characters");
		}
		if (options.maxAttempts() != null && options.maxAttempts() < 1) {
			throw new InvalidEventException("The maximum number of attempts must be at least 1");
		}
	}
}
