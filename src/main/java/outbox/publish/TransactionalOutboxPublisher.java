package outbox.publish;

import java.util.Map;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.datasource.ConnectionHolder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.StringUtils;

import outbox.EventTypes;
import outbox.InvalidEventException;
import outbox.OutboxEvent;
import outbox.OutboxPublisher;
import outbox.UnknownEventTypeException;
import outbox.store.EventIds;
import outbox.store.OutboxEventRepository;
import platform.TenantTransactions;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Stores events in the caller's tenant transaction: insert, wake the tenant's dispatch-queue row
 * and NOTIFY, all delivered or rolled back with the business data. Outside a tenant unit of work
 * it fails ({@link TenantTransactions#currentTenant()}).
 */
@Component
class TransactionalOutboxPublisher implements OutboxPublisher {

	private static final Logger log = LoggerFactory.getLogger(TransactionalOutboxPublisher.class);

	static final int DEFAULT_PAYLOAD_VERSION = 1;
	static final int DEFAULT_MAX_ATTEMPTS = 5;
	static final int MAX_IDEMPOTENCY_KEY_LENGTH = 400;

	private final TenantTransactions transactions;
	private final OutboxEventRepository events;
	private final JsonMapper json;
	private final DataSource dataSource;

	TransactionalOutboxPublisher(TenantTransactions transactions, OutboxEventRepository events, JsonMapper json,
			DataSource dataSource) {
		this.transactions = transactions;
		this.events = events;
		this.json = json;
		this.dataSource = dataSource;
	}

	@Override
	public void publish(OutboxEvent event) {
		String tenant = transactions.currentTenant();
		String payload;
		try {
			payload = validatedPayload(event);
		}
		catch (RuntimeException e) {
			failTransaction();
			throw e;
		}
		boolean inserted = events.insert(tenant, EventIds.next(), event.type(), event.aggregateId(), event.idempotencyKey(),
				payload, event.payloadVersion() == null ? DEFAULT_PAYLOAD_VERSION : event.payloadVersion(),
				event.maxAttempts() == null ? DEFAULT_MAX_ATTEMPTS : event.maxAttempts());
		if (!inserted) {
			log.debug("Replayed publish of {} {} in tenant {} ignored", event.type(), event.idempotencyKey(), tenant);
		}
	}

	private String validatedPayload(OutboxEvent event) {
		if (event == null) {
			throw new InvalidEventException("The event is null");
		}
		if (!EventTypes.ALL.contains(event.type())) {
			throw new UnknownEventTypeException(event.type());
		}
		if (!StringUtils.hasText(event.idempotencyKey())) {
			throw new InvalidEventException("The idempotency key of a " + event.type() + " event is blank");
		}
		if (event.idempotencyKey().length() > MAX_IDEMPOTENCY_KEY_LENGTH) {
			throw new InvalidEventException("The idempotency key of a " + event.type() + " event is longer than "
					+ MAX_IDEMPOTENCY_KEY_LENGTH + " characters");
		}
		if (event.payload() == null) {
			throw new InvalidEventException("The payload of a " + event.type() + " event is null");
		}
		if (event.payloadVersion() != null && event.payloadVersion() < 1) {
			throw new InvalidEventException("The payload version must be at least 1");
		}
		if (event.maxAttempts() != null && event.maxAttempts() < 1) {
			throw new InvalidEventException("The maximum number of attempts must be at least 1");
		}
		return serialize(event.type(), event.payload());
	}

	private String serialize(String type, Map<String, Object> payload) {
		try {
			return json.writeValueAsString(payload);
		}
		catch (JacksonException e) {
			throw new InvalidEventException("The payload of a " + type + " event is not JSON-serialisable: "
					+ e.getOriginalMessage());
		}
	}

	/**
	 * A rejected event fails the whole business transaction even when the caller catches the
	 * exception: the transaction is marked rollback-only, so its commit rolls back and throws.
	 */
	private void failTransaction() {
		if (TransactionSynchronizationManager.getResource(dataSource) instanceof ConnectionHolder holder) {
			holder.setRollbackOnly();
		}
	}
}
