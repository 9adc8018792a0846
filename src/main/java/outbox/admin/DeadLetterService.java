package outbox.admin;

import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.stereotype.Service;

import outbox.dispatch.Wakeups;
import platform.AuditRecord;
import platform.DomainException;
import platform.PlatformAudit;
import platform.TenantTransactions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Dead letters of the admin's tenant: list, inspect, re-drive (fresh attempt budget, history
 * kept) or discard, one at a time or every one matching a filter in one statement. Every action
 * goes into the tenant's one audit trail ({@link PlatformAudit}: {@code dead_letter.retry},
 * {@code dead_letter.discard}, {@code dead_letter.retry_all}, {@code dead_letter.discard_all}) in
 * the same transaction.
 */
@Service
public class DeadLetterService {

	private final TenantTransactions transactions;
	private final EventAdminRepository events;
	/** The prefix of this service's actions in the audit trail. */
	static final String AUDIT_PREFIX = "dead_letter.";

	private final PlatformAudit audit;
	private final Wakeups wakeups;
	private final EventSearchService search;
	private final JsonMapper json;

	DeadLetterService(TenantTransactions transactions, EventAdminRepository events, PlatformAudit audit,
			Wakeups wakeups, EventSearchService search, JsonMapper json) {
		this.transactions = transactions;
		this.events = events;
		this.audit = audit;
		this.wakeups = wakeups;
		this.search = search;
		this.json = json;
	}

	/** The type keys a dead letter may have (for filters). */
	public List<String> eventTypes() {
		return search.eventTypes();
	}

	/** The consumer names a dead letter may have (for filters). */
	public List<String> consumers() {
		return search.consumers();
	}

	/** Most recently failed first. */
	public Page<DeadLetter> list(String tenantId, DeadLetterFilter filter, String cursor, Integer limit) {
		DeadLetterFilter normalized = normalize(filter);
		int size = Paging.limit(limit);
		Paging.TimeAndId after = Paging.TimeAndId.parse(cursor);
		return transactions.readInTenant(tenantId,
				() -> Paging.page(events.deadLetters(normalized, after.time(), after.id(), size + 1), size,
						deadLetter -> new Paging.TimeAndId(deadLetter.failedAt(), deadLetter.id()).encode()));
	}

	public long count(String tenantId, DeadLetterFilter filter) {
		DeadLetterFilter normalized = normalize(filter);
		return transactions.readInTenant(tenantId, () -> events.countDeadLetters(normalized));
	}

	public List<String> errorClasses(String tenantId) {
		return transactions.readInTenant(tenantId, events::deadLetterErrorClasses);
	}

	public List<AuditEntry> recentActions(String tenantId, int limit) {
		return audit.recent(tenantId, AUDIT_PREFIX, limit).stream().map(this::entry).toList();
	}

	private AuditEntry entry(AuditRecord record) {
		JsonNode detail = json.readTree(record.detail());
		JsonNode eventId = detail.get("eventId");
		JsonNode filter = detail.get("filter");
		JsonNode affected = detail.get("affected");
		return new AuditEntry(record.actor(), record.action().substring(AUDIT_PREFIX.length()),
				eventId == null || eventId.isNull() ? null : UUID.fromString(eventId.asString()),
				filter == null || filter.isNull() ? null : filter.toString(), affected == null ? 0 : affected.asInt(),
				record.actedAt().atOffset(ZoneOffset.UTC));
	}

	/** The dead letter with payload and attempt history; 404 when it is not (or no longer) a dead letter. */
	public EventDetail get(String tenantId, UUID id) {
		EventDetail event = search.get(tenantId, id);
		if (event.status() != EventStatus.FAILED) {
			throw new DomainException.NotFound("No dead letter " + id);
		}
		return event;
	}

	public void retry(String tenantId, String actor, UUID id) {
		transactions.runInTenant(tenantId, () -> {
			requireDeadLetter(id, events.retry(id, DeadLetterFilter.ALL));
			wakeups.afterCommit(tenantId);
			record(actor, "retry", id, null, 1);
		});
	}

	public void discard(String tenantId, String actor, UUID id) {
		transactions.runInTenant(tenantId, () -> {
			requireDeadLetter(id, events.discard(id, DeadLetterFilter.ALL));
			record(actor, "discard", id, null, 1);
		});
	}

	/** Re-drives every dead letter matching the filter in one statement; returns how many. */
	public int retryAll(String tenantId, String actor, DeadLetterFilter filter) {
		DeadLetterFilter normalized = normalize(filter);
		return transactions.inTenant(tenantId, () -> {
			int affected = events.retry(null, normalized);
			if (affected > 0) {
				wakeups.afterCommit(tenantId);
			}
			record(actor, "retry_all", null, normalized, affected);
			return affected;
		});
	}

	/** Discards every dead letter matching the filter in one statement; returns how many. */
	public int discardAll(String tenantId, String actor, DeadLetterFilter filter) {
		DeadLetterFilter normalized = normalize(filter);
		return transactions.inTenant(tenantId, () -> {
			int affected = events.discard(null, normalized);
			record(actor, "discard_all", null, normalized, affected);
			return affected;
		});
	}

	private void requireDeadLetter(UUID id, int affected) {
		if (affected == 0) {
			boolean exists = events.find(id).isPresent();
			throw exists ? new DomainException.Conflict("Outbox event " + id + " is not a dead letter")
					: new DomainException.NotFound("No dead letter " + id);
		}
	}

	/** An entry of the trail; {@code subject} is the event (one-event actions), so the trail's subject filter finds it. */
	private void record(String actor, String action, UUID eventId, DeadLetterFilter filter, int affected) {
		Map<String, Object> detail = new LinkedHashMap<>();
		if (eventId != null) {
			detail.put("subject", eventId.toString());
			detail.put("eventId", eventId.toString());
		}
		if (filter != null) {
			Map<String, String> fields = new LinkedHashMap<>();
			fields.put("eventType", filter.eventType());
			fields.put("errorClass", filter.errorClass());
			if (filter.consumer() != null) {
				fields.put("consumer", filter.consumer());
			}
			detail.put("filter", fields);
		}
		detail.put("affected", affected);
		audit.record(actor, AUDIT_PREFIX + action, detail);
	}

	private DeadLetterFilter normalize(DeadLetterFilter filter) {
		DeadLetterFilter given = filter == null ? DeadLetterFilter.ALL : filter;
		return new DeadLetterFilter(search.eventType(given.eventType()),
				EventSearchService.blankToNull(given.errorClass()), EventSearchService.blankToNull(given.consumer()));
	}
}
