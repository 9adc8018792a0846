package outbox.catalog;

import java.util.UUID;

/**
 * An event of the catalog: every record this sealed hierarchy permits, directly or through
 * {@link EmployeeEvent}. Each record names its stable type key and payload version
 * with {@link EventType}; its record components are its JSON payload. Payloads carry no
 * passwords, tokens or personal data beyond what the consumers need.
 */
public sealed interface CatalogEvent
		permits EmployeeEvent, RunStartRequested, StageReminderDue, RunFinished, GrantRecorded, ApproversChanged,
		AccessRevoked, StageActivated, RunReturned, RunNeedsAdmin, StageNotified, EffectFailed,
		AccessEnding, StageEscalationWarning, StageEscalated, AccessRequestChanged,
		RunStarted, StageDecided {

	/** The entity the event is about (an employee, a run). */
	UUID aggregateId();

	/** The key that makes a replayed publish a no-op: unique per tenant and type. */
	String idempotencyKey();
}
