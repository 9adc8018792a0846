package outbox.admin;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.stereotype.Service;

import outbox.dispatch.Wakeups;
import platform.DomainException;
import platform.TenantTransactions;
import tools.jackson.databind.json.JsonMapper;

/**
 * Dead letters of the admin's tenant: list, inspect, re-drive (fresh attempt budget, history
 * kept) or discard, one at a time or every one matching a filter in one statement. Every action
 * is audited in the same transaction.
 */
@Service
public class DeadLetterService {

	private final TenantTransactions transactions;
	private final EventAdminRepository events;
	private final AdminAuditRepository audit;
	private final Wakeups wakeups;
	private final EventSearchService search;
	private final JsonMapper json;

	DeadLetterService(TenantTransactions transactions, EventAdminRepository events, AdminAuditRepository audit,
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
		return transactions.readInTenant(tenantId, () -> audit.recent(limit));
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
			audit.record(tenantId, actor, "retry", id, null, 1);
		});
	}

	public void discard(String tenantId, String actor, UUID id) {
		transactions.runInTenant(tenantId, () -> {
			requireDeadLetter(id, events.discard(id, DeadLetterFilter.ALL));
			audit.record(tenantId, actor, "discard", id, null, 1);
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
			audit.record(tenantId, actor, "retry_all", null, filterJson(normalized), affected);
			return affected;
		});
	}

	/** Discards every dead letter matching the filter in one statement; returns how many. */
	public int discardAll(String tenantId, String actor, DeadLetterFilter filter) {
		DeadLetterFilter normalized = normalize(filter);
		return transactions.inTenant(tenantId, () -> {
			int affected = events.discard(null, normalized);
			audit.record(tenantId, actor, "discard_all", null, filterJson(normalized), affected);
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

	private String filterJson(DeadLetterFilter filter) {
		Map<String, String> fields = new LinkedHashMap<>();
		fields.put("eventType", filter.eventType());
		fields.put("errorClass", filter.errorClass());
		return json.writeValueAsString(fields);
	}

	private DeadLetterFilter normalize(DeadLetterFilter filter) {
		DeadLetterFilter given = filter == null ? DeadLetterFilter.ALL : filter;
		return new DeadLetterFilter(search.eventType(given.eventType()),
				EventSearchService.blankToNull(given.errorClass()));
	}
}
