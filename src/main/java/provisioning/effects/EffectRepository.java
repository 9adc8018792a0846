package provisioning.effects;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/** The {@code provisioning_effects} table. Call inside a tenant unit of work (RLS), except {@link #dueTenants}. */
@Repository
class EffectRepository {

	private static final String COLUMNS = """
			id, run_id, stage_id, grant_label, employee_id, target_key, operation, status, scheduled_for, attempts,
			last_error, receipt::text, settled_at""";

	/** A claimed effect: what the worker needs, fenced by {@code token}; {@code scheduledFor} its not-before time as planned. */
	record Claimed(UUID id, String tenantId, String changeKey, UUID employeeId, String target, String operation,
			int attempts, Instant firstAttemptAt, String request, UUID token, Instant scheduledFor) {

		Lane lane() {
			return new Lane(employeeId, target);
		}
	}

	/** An ensure effect as its undo sees it: its status and what it applied. */
	record Granted(String status, String request) {
	}

	private final JdbcClient jdbc;

	EffectRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	List<String> dueTenants(Instant now) {
		return jdbc.sql("SELECT provisioning_tenants_with_due_effects(:now)")
			.param("now", Timestamp.from(now))
			.query(String.class)
			.list();
	}

	/** Adds the effect unless this change already has it on the target; true when added. */
	boolean plan(UUID id, String changeKey, UUID runId, UUID stageId, String grant, UUID employeeId, String target,
			String operation, Instant scheduledFor, String request, Instant now) {
		return jdbc.sql("""
				INSERT INTO provisioning_effects (id, tenant_id, change_key, run_id, stage_id, grant_label, employee_id,
				    target_key, operation, status, scheduled_for, next_attempt_at, request, created_at)
				VALUES (:id, current_setting('app.tenant_id'), :changeKey, :runId, :stageId, :grant, :employeeId,
				    :target, :operation, 'scheduled', :scheduledFor, :scheduledFor, CAST(:request AS jsonb), :now)
				ON CONFLICT (tenant_id, change_key, target_key, operation) DO NOTHING""")
			.param("id", id)
			.param("changeKey", changeKey)
			.param("runId", runId)
			.param("stageId", stageId)
			.param("grant", grant)
			.param("employeeId", employeeId)
			.param("target", target)
			.param("operation", operation)
			.param("scheduledFor", Timestamp.from(scheduledFor))
			.param("request", request)
			.param("now", Timestamp.from(now))
			.update() == 1;
	}

	/**
	 * An enable waiting for its time: an earlier grant's account kept disabled until the employee's
	 * start date ({@code request} is that grant's, as planned).
	 */
	record WaitingEnable(UUID id, Instant at, String request) {
	}

	/**
	 * The enables of the employee's account of naming rule {@code naming} on {@code target} that wait
	 * for their time (never attempted), of changes other than {@code exceptChange} (null: any), in
	 * order; a revocation's enable is not one.
	 */
	List<WaitingEnable> waitingEnables(UUID employeeId, String target, String naming, String exceptChange) {
		return jdbc.sql("""
				SELECT id, scheduled_for, request::text FROM provisioning_effects
				WHERE employee_id = :employeeId AND target_key = :target AND operation = 'enable'
				  AND status = 'scheduled' AND attempts = 0
				  AND request->'entitlement'->>'naming' = :naming
				  AND request->'entitlement'->>'revokes' IS DISTINCT FROM 'true'
				  AND (CAST(:exceptChange AS text) IS NULL OR change_key <> :exceptChange)
				ORDER BY position""")
			.param("employeeId", employeeId)
			.param("target", target)
			.param("naming", naming)
			.param("exceptChange", exceptChange)
			.query((rs, row) -> new WaitingEnable(rs.getObject(1, UUID.class), rs.getTimestamp(2).toInstant(),
					rs.getString(3)))
			.list();
	}

	/**
	 * Whether a change other than {@code exceptChange} (null: any) ensured, or is to ensure, the
	 * employee's account of naming rule {@code naming} on {@code target}: the account is made.
	 */
	boolean ensuresAccount(UUID employeeId, String target, String naming, String exceptChange) {
		return jdbc.sql("""
				SELECT EXISTS (SELECT 1 FROM provisioning_effects
				    WHERE employee_id = :employeeId AND target_key = :target AND operation = 'ensure'
				      AND status IN ('planned', 'scheduled', 'applying', 'applied')
				      AND request->'entitlement'->>'naming' = :naming
				      AND (CAST(:exceptChange AS text) IS NULL OR change_key <> :exceptChange))""")
			.param("employeeId", employeeId)
			.param("target", target)
			.param("naming", naming)
			.param("exceptChange", exceptChange)
			.query(Boolean.class)
			.single();
	}

	/**
	 * The unsettled effects of {@code first}'s lane from it on, except {@code exceptChange}'s, go to
	 * the end of the lane in their order: what {@code exceptChange} planned meanwhile now comes before
	 * them. A handful of rows, each given the next position in turn, so their order holds.
	 */
	void deferFrom(UUID first, String exceptChange) {
		List<UUID> deferred = jdbc.sql("""
				SELECT l.id FROM provisioning_effects l
				JOIN provisioning_effects f ON f.id = :first AND l.employee_id = f.employee_id
				  AND l.target_key = f.target_key AND l.position >= f.position
				WHERE l.change_key <> :exceptChange AND l.status IN ('planned', 'scheduled', 'applying')
				ORDER BY l.position""")
			.param("first", first)
			.param("exceptChange", exceptChange)
			.query(UUID.class)
			.list();
		for (UUID id : deferred) {
			jdbc.sql("UPDATE provisioning_effects SET position = DEFAULT WHERE id = :id").param("id", id).update();
		}
	}

	/** Until the caller's transaction ends, no other planning of {@code changeKey} (in this tenant) runs. */
	void lockChange(String changeKey) {
		jdbc.sql("SELECT pg_advisory_xact_lock(hashtextextended('provisioning_change:' || current_setting('app.tenant_id') || ':' || :key, 0))")
			.param("key", changeKey)
			.query((rs, row) -> row)
			.list();
	}

	/** An undo that arrived before its grant moves behind it: it is ordered after what it undoes. */
	void moveUndoBehind(String changeKey, String target) {
		jdbc.sql("""
				UPDATE provisioning_effects SET position = DEFAULT
				WHERE change_key = :changeKey AND target_key = :target AND operation = 'undo' AND status = 'scheduled'""")
			.param("changeKey", changeKey)
			.param("target", target)
			.update();
	}

	/**
	 * A compensation took the grant back: the change's undo on {@code target}, planned earlier for
	 * the grant's end, is due now (unless it ran already) and stays taken back.
	 */
	void advanceUndo(String changeKey, String target, Instant now) {
		jdbc.sql("""
				UPDATE provisioning_effects
				SET scheduled_for = CASE WHEN status = 'scheduled' AND scheduled_for > :now THEN :now ELSE scheduled_for END,
				    next_attempt_at = CASE WHEN status = 'scheduled' AND next_attempt_at > :now THEN :now ELSE next_attempt_at END,
				    taken_back_at = coalesce(taken_back_at, :now)
				WHERE change_key = :changeKey AND target_key = :target AND operation = 'undo'""")
			.param("changeKey", changeKey)
			.param("target", target)
			.param("now", Timestamp.from(now))
			.update();
	}

	/**
	 * A renewal moves the change's undo on {@code target}, still waiting for the grant's end, to
	 * {@code until} (later only: a renewal delivered before the grant it renews does not pull the end
	 * back); false when there is no such undo (it ran, or the grant was taken back).
	 */
	boolean rescheduleUndo(String changeKey, String target, Instant until) {
		return jdbc.sql("""
				UPDATE provisioning_effects SET scheduled_for = greatest(scheduled_for, :until),
				    next_attempt_at = greatest(next_attempt_at, :until)
				WHERE change_key = :changeKey AND target_key = :target AND operation = 'undo'
				  AND status = 'scheduled' AND attempts = 0 AND taken_back_at IS NULL""")
			.param("changeKey", changeKey)
			.param("target", target)
			.param("until", Timestamp.from(until))
			.update() == 1;
	}

	/**
	 * A renewal arrived after the grant's undo ran at its end (not taken back): the grant is given
	 * again, its ensure due now and its undo at {@code until}, both at the back of the lane.
	 */
	void grantAgain(String changeKey, String target, Instant now, Instant until) {
		int ensures = jdbc.sql("""
				UPDATE provisioning_effects e SET status = 'scheduled', position = DEFAULT, scheduled_for = :now,
				    next_attempt_at = :now, attempts = 0, first_attempt_at = NULL, last_error = NULL, settled_at = NULL
				WHERE e.change_key = :changeKey AND e.target_key = :target AND e.operation = 'ensure'
				  AND e.status IN ('applied', 'undone', 'skipped', 'failed')
				  AND EXISTS (SELECT 1 FROM provisioning_effects u
				              WHERE u.change_key = e.change_key AND u.target_key = e.target_key AND u.operation = 'undo'
				                AND u.status IN ('applied', 'skipped', 'failed') AND u.taken_back_at IS NULL)""")
			.param("changeKey", changeKey)
			.param("target", target)
			.param("now", Timestamp.from(now))
			.update();
		if (ensures == 0) {
			return;
		}
		jdbc.sql("""
				UPDATE provisioning_effects SET status = 'scheduled', position = DEFAULT, scheduled_for = :until,
				    next_attempt_at = :until, attempts = 0, first_attempt_at = NULL, last_error = NULL, settled_at = NULL
				WHERE change_key = :changeKey AND target_key = :target AND operation = 'undo'""")
			.param("changeKey", changeKey)
			.param("target", target)
			.param("until", Timestamp.from(until))
			.update();
	}

	/** Hands expired leases back: their worker died or overran; the attempt counts. */
	int rescue(Instant now) {
		return jdbc.sql("""
				UPDATE provisioning_effects SET status = 'scheduled', claim_token = NULL, lease_until = NULL,
				    next_attempt_at = :now,
				    last_error = 'The worker holding the lease stopped before the attempt completed'
				WHERE status = 'applying' AND lease_until < :now""")
			.param("now", Timestamp.from(now))
			.update();
	}

	/**
	 * Claims up to {@code limit} due effects, each the first unsettled one of its (employee,
	 * target), and none of a lane with one being applied; an undo only once what it undoes has
	 * settled, or once it waited the whole budget for it (then there is nothing to undo). An undo
	 * waiting for its grant's end (an access package's expiry, weeks ahead) holds nothing up
	 * before then: the lane's later effects go ahead, and it takes its turn when it is due.
	 */
	List<Claimed> claim(UUID token, Instant now, Instant leaseUntil, Instant waitedSince, int limit) {
		return jdbc.sql("""
				UPDATE provisioning_effects e
				SET status = 'applying', claim_token = :token, lease_until = :leaseUntil, attempts = e.attempts + 1,
				    first_attempt_at = coalesce(e.first_attempt_at, :now)
				WHERE e.id = ANY(ARRAY(
				    SELECT c.id FROM provisioning_effects c
				    WHERE c.status IN ('planned', 'scheduled') AND c.scheduled_for <= :now AND c.next_attempt_at <= :now
				      AND NOT EXISTS (SELECT 1 FROM provisioning_effects p
				                      WHERE p.employee_id = c.employee_id AND p.target_key = c.target_key
				                        AND (p.position < c.position AND p.status IN ('planned', 'scheduled')
				                             AND NOT (p.operation = 'undo' AND p.status = 'scheduled' AND p.scheduled_for > :now)
				                             OR p.status = 'applying'))
				      AND (c.operation <> 'undo' OR c.created_at < :waitedSince
				           OR EXISTS (SELECT 1 FROM provisioning_effects g
				                      WHERE g.change_key = c.change_key AND g.target_key = c.target_key
				                        AND g.operation = 'ensure' AND g.status IN ('applied', 'failed', 'skipped', 'undone')))
				    ORDER BY c.position
				    LIMIT :limit
				    FOR UPDATE SKIP LOCKED))
				RETURNING e.id, e.tenant_id, e.change_key, e.employee_id, e.target_key, e.operation, e.attempts,
				          e.first_attempt_at, e.request::text, e.scheduled_for""")
			.param("token", token)
			.param("now", Timestamp.from(now))
			.param("leaseUntil", Timestamp.from(leaseUntil))
			.param("waitedSince", Timestamp.from(waitedSince))
			.param("limit", limit)
			.query((rs, row) -> new Claimed(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3),
					rs.getObject(4, UUID.class), rs.getString(5), rs.getString(6), rs.getInt(7), rs.getTimestamp(8).toInstant(),
					rs.getString(9), token, rs.getTimestamp(10).toInstant()))
			.list();
	}

	/** Extends the lease of those of {@code ids} still claimed by {@code token}; the ids still held. */
	List<UUID> renew(List<UUID> ids, UUID token, Instant leaseUntil) {
		return jdbc.sql("""
				UPDATE provisioning_effects SET lease_until = :leaseUntil
				WHERE id = ANY(:ids) AND claim_token = :token AND status = 'applying'
				RETURNING id""")
			.param("ids", new SqlArrayValue("uuid", ids.toArray()))
			.param("token", token)
			.param("leaseUntil", Timestamp.from(leaseUntil))
			.query(UUID.class)
			.list();
	}

	/** The requests of {@code changeKey}'s ensure effects, by target: what its undo takes back. */
	Map<String, String> ensureRequests(String changeKey) {
		Map<String, String> requests = new LinkedHashMap<>();
		jdbc.sql("""
				SELECT target_key, request::text FROM provisioning_effects
				WHERE change_key = :changeKey AND operation = 'ensure' ORDER BY position""")
			.param("changeKey", changeKey)
			.query((rs, row) -> requests.put(rs.getString(1), rs.getString(2)))
			.list();
		return requests;
	}

	/**
	 * The ensure effects of {@code changeKeys} as their undos see them, by change key and target
	 * ({@link #grantKey}): one read for a batch of undos.
	 */
	Map<String, Granted> granted(java.util.Collection<String> changeKeys) {
		Map<String, Granted> granted = new java.util.HashMap<>();
		if (changeKeys.isEmpty()) {
			return granted;
		}
		jdbc.sql("""
				SELECT change_key, target_key, status, request::text FROM provisioning_effects
				WHERE change_key IN (:changeKeys) AND operation = 'ensure'""")
			.param("changeKeys", changeKeys)
			.query(rs -> {
				granted.put(grantKey(rs.getString(1), rs.getString(2)), new Granted(rs.getString(3), rs.getString(4)));
			});
		return granted;
	}

	static String grantKey(String changeKey, String target) {
		return changeKey + "\n" + target;
	}

	/**
	 * What an attempt came to, for {@link #settle}: {@code status} ({@code applied} or
	 * {@code skipped}) with its receipt, or an {@code error}, due again at {@code nextAttemptAt}, or
	 * {@code failed} for good when that is null.
	 */
	record Settling(UUID id, String status, String receipt, String error, Instant nextAttemptAt) {
	}

	/**
	 * Settles a batch's attempts in one statement, each only if its claim is still held by
	 * {@code token}; the ids settled (a claim lost meanwhile, rescued or retried, is absent).
	 */
	Set<UUID> settle(UUID token, List<Settling> outcomes, Instant now) {
		if (outcomes.isEmpty()) {
			return Set.of();
		}
		return new HashSet<>(jdbc.sql("""
				UPDATE provisioning_effects e
				SET status = CASE WHEN o.error IS NULL THEN o.status WHEN o.next IS NULL THEN 'failed' ELSE 'scheduled' END,
				    receipt = CASE WHEN o.error IS NULL THEN CAST(o.receipt AS jsonb) ELSE e.receipt END,
				    last_error = o.error, next_attempt_at = coalesce(o.next, e.next_attempt_at),
				    claim_token = NULL, lease_until = NULL,
				    settled_at = CASE WHEN o.error IS NULL OR o.next IS NULL THEN CAST(:now AS timestamptz) END
				FROM unnest(CAST(:ids AS uuid[]), CAST(:statuses AS text[]), CAST(:receipts AS text[]),
				            CAST(:errors AS text[]), CAST(:nexts AS timestamptz[])) AS o(id, status, receipt, error, next)
				WHERE e.id = o.id AND e.claim_token = :token AND e.status = 'applying'
				RETURNING e.id""")
			.param("ids", new SqlArrayValue("uuid", outcomes.stream().map(Settling::id).toArray()))
			.param("statuses", new SqlArrayValue("text", outcomes.stream().map(Settling::status).toArray()))
			.param("receipts", new SqlArrayValue("text", outcomes.stream().map(Settling::receipt).toArray()))
			.param("errors", new SqlArrayValue("text", outcomes.stream().map(Settling::error).toArray()))
			.param("nexts", new SqlArrayValue("timestamptz", outcomes.stream()
				.map(o -> o.nextAttemptAt() == null ? null : Timestamp.from(o.nextAttemptAt())).toArray()))
			.param("token", token)
			.param("now", Timestamp.from(now))
			.query(UUID.class)
			.list());
	}

	/** The ensure effects (and the enables after them) of {@code grants}, which applied undos took back. */
	void markUndone(Collection<Grant> grants, Instant now) {
		if (grants.isEmpty()) {
			return;
		}
		List<Grant> all = List.copyOf(grants);
		jdbc.sql("""
				UPDATE provisioning_effects e SET status = 'undone', settled_at = :now
				FROM unnest(CAST(:changeKeys AS text[]), CAST(:targets AS text[])) AS g(change_key, target_key)
				WHERE e.change_key = g.change_key AND e.target_key = g.target_key AND e.operation IN ('ensure', 'enable')
				  AND e.status = 'applied'""")
			.param("changeKeys", new SqlArrayValue("text", all.stream().map(Grant::changeKey).toArray()))
			.param("targets", new SqlArrayValue("text", all.stream().map(Grant::target).toArray()))
			.param("now", Timestamp.from(now))
			.update();
	}

	/** A change's effects on one target. */
	record Grant(String changeKey, String target) {
	}

	boolean exists(UUID id) {
		return jdbc.sql("SELECT EXISTS (SELECT 1 FROM provisioning_effects WHERE id = :id)").param("id", id)
			.query(Boolean.class).single();
	}

	/** A failed effect scheduled again with a fresh budget; false unless it was failed. */
	boolean retry(UUID id, Instant now) {
		return jdbc.sql("""
				UPDATE provisioning_effects SET status = 'scheduled', next_attempt_at = :now, first_attempt_at = NULL,
				    settled_at = NULL
				WHERE id = :id AND status = 'failed'""")
			.param("id", id)
			.param("now", Timestamp.from(now))
			.update() == 1;
	}

	List<Effect> ofRun(UUID runId) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM provisioning_effects WHERE run_id = :runId ORDER BY position")
			.param("runId", runId)
			.query(EffectRepository::map)
			.list();
	}

	Optional<Effect> find(UUID id) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM provisioning_effects WHERE id = :id")
			.param("id", id)
			.query(EffectRepository::map)
			.optional();
	}

	List<Effect> ofEmployee(UUID employeeId) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM provisioning_effects WHERE employee_id = :employeeId ORDER BY position")
			.param("employeeId", employeeId)
			.query(EffectRepository::map)
			.list();
	}

	/** The effects that failed for good, newest first, with the employee's name as planned. */
	List<NamedEffect> failed(int limit) {
		return jdbc.sql("SELECT " + COLUMNS + """
				, request->'employee'->>'displayName' FROM provisioning_effects WHERE status = 'failed'
				ORDER BY settled_at DESC NULLS LAST, position DESC LIMIT :limit""")
			.param("limit", limit)
			.query((rs, row) -> new NamedEffect(map(rs, row), rs.getString(14)))
			.list();
	}

	/** How many effects failed for good, counted up to {@code cap}. */
	int failedCount(int cap) {
		return jdbc.sql("SELECT count(*) FROM (SELECT 1 FROM provisioning_effects WHERE status = 'failed' LIMIT :cap) f")
			.param("cap", cap)
			.query(Integer.class)
			.single();
	}

	/**
	 * The accounts the receipts know, one per (employee, target): the latest read-back of each,
	 * optionally of one {@code target} and matching {@code text} (DN, name or email), in (target,
	 * DN, id) order after {@code after}; at most {@code limit}.
	 */
	List<ManagedAccount> accounts(String target, String text, ManagedAccount.Position after, int limit) {
		return jdbc.sql("""
				SELECT id, run_id, employee_id, name, target_key, dn, after::text, grant_label, operation, status, settled_at
				FROM (SELECT DISTINCT ON (employee_id, target_key) id, run_id, employee_id, target_key, grant_label, operation,
				          status, settled_at, coalesce(receipt->>'dn', '') AS dn, receipt->'after' AS after,
				          request->'employee'->>'displayName' AS name, request->'employee'->>'email' AS email
				      FROM provisioning_effects WHERE receipt IS NOT NULL
				      ORDER BY employee_id, target_key, position DESC) latest
				WHERE (CAST(:target AS text) IS NULL OR target_key = :target)
				  AND (CAST(:text AS text) IS NULL OR strpos(lower(dn), lower(:text)) > 0
				       OR strpos(lower(coalesce(name, '')), lower(:text)) > 0 OR strpos(lower(coalesce(email, '')), lower(:text)) > 0)
				  AND (CAST(:afterTarget AS text) IS NULL OR (target_key, dn, id) > (:afterTarget, :afterDn, CAST(:afterId AS uuid)))
				ORDER BY target_key, dn, id
				LIMIT :limit""")
			.param("target", target)
			.param("text", text)
			.param("afterTarget", after == null ? null : after.target())
			.param("afterDn", after == null ? null : after.dn())
			.param("afterId", after == null ? null : after.id())
			.param("limit", limit)
			.query((rs, row) -> {
				Timestamp settled = rs.getTimestamp(11);
				return new ManagedAccount(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class),
						rs.getObject(3, UUID.class), rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7),
						rs.getString(8), rs.getString(9), rs.getString(10), settled == null ? null : settled.toInstant());
			})
			.list();
	}

	/** An employee's effects on one target: the unit their order is kept in. */
	record Lane(UUID employeeId, String target) {
	}

	/** An applied ensure: its change and its request (the entitlement and the employee as granted). */
	record Ensured(String changeKey, String request) {
	}

	/**
	 * The applied ensures of each of {@code lanes}, in order: what {@link GroupsLeft} weighs a new
	 * ensure against, and what an enable or the undo of a mover's ensure gives the account
	 * ({@link AccountAsGranted}). One read for any number of lanes; a lane without any is absent.
	 */
	Map<Lane, List<Ensured>> appliedEnsures(java.util.Collection<Lane> lanes) {
		if (lanes.isEmpty()) {
			return Map.of();
		}
		List<Lane> asked = List.copyOf(new java.util.LinkedHashSet<>(lanes));
		Map<Lane, List<Ensured>> requests = new java.util.HashMap<>();
		jdbc.sql("""
				SELECT g.employee_id, g.target_key, g.change_key, g.request::text
				FROM provisioning_effects g
				JOIN unnest(CAST(:employees AS uuid[]), CAST(:targets AS text[])) AS l(employee_id, target_key)
				  ON g.employee_id = l.employee_id AND g.target_key = l.target_key
				WHERE g.operation = 'ensure' AND g.status = 'applied'
				ORDER BY g.position""")
			.param("employees", new SqlArrayValue("uuid", asked.stream().map(Lane::employeeId).toArray()))
			.param("targets", new SqlArrayValue("text", asked.stream().map(Lane::target).toArray()))
			.query(rs -> {
				requests.computeIfAbsent(new Lane(rs.getObject(1, UUID.class), rs.getString(2)), lane -> new ArrayList<>())
					.add(new Ensured(rs.getString(3), rs.getString(4)));
			});
		return requests;
	}

	record HeldAccount(String dn, Map<String, String> attributes, List<String> groups) {
	}

	/**
	 * The accounts each of {@code lanes} holds, one per naming rule, in the order the ensures first
	 * made them: what a revocation disables when it applies, and what the approver's plan says it
	 * will. Each is where the latest applied ensure, enable or restoring undo (a mover's ensure
	 * taken back) read it back, with its managed attributes as read then and every group any of
	 * them gave it (a superset: leaving a group the account is not in changes nothing). One read for
	 * any number of lanes; a lane holding nothing is absent.
	 */
	Map<Lane, List<HeldAccount>> held(java.util.Collection<Lane> lanes) {
		Map<Lane, Map<String, HeldAccount>> held = new java.util.HashMap<>();
		if (lanes.isEmpty()) {
			return Map.of();
		}
		List<Lane> asked = List.copyOf(new java.util.LinkedHashSet<>(lanes));
		jdbc.sql("""
				SELECT g.employee_id, g.target_key, g.request->'entitlement'->>'naming', g.receipt->>'dn',
				    ARRAY(SELECT a.key FROM jsonb_each_text(coalesce(g.receipt->'after'->'attributes', '{}'::jsonb)) a
				          ORDER BY a.key),
				    ARRAY(SELECT a.value FROM jsonb_each_text(coalesce(g.receipt->'after'->'attributes', '{}'::jsonb)) a
				          ORDER BY a.key),
				    ARRAY(SELECT jsonb_array_elements_text(coalesce(g.receipt->'after'->'groups', '[]'::jsonb)))
				FROM provisioning_effects g
				JOIN unnest(CAST(:employees AS uuid[]), CAST(:targets AS text[])) AS l(employee_id, target_key)
				  ON g.employee_id = l.employee_id AND g.target_key = l.target_key
				WHERE (g.operation = 'ensure' OR g.operation = 'enable'
				       AND g.request->'entitlement'->>'revokes' IS DISTINCT FROM 'true'
				       OR g.operation = 'undo' AND g.receipt->>'restored' = 'true')
				  AND g.status = 'applied' AND g.receipt->>'dn' IS NOT NULL
				ORDER BY g.position""")
			.param("employees", new SqlArrayValue("uuid", asked.stream().map(Lane::employeeId).toArray()))
			.param("targets", new SqlArrayValue("text", asked.stream().map(Lane::target).toArray()))
			.query(rs -> {
				Lane lane = new Lane(rs.getObject(1, UUID.class), rs.getString(2));
				String[] names = (String[]) rs.getArray(5).getArray();
				String[] values = (String[]) rs.getArray(6).getArray();
				Map<String, String> attributes = new LinkedHashMap<>();
				for (int i = 0; i < names.length; i++) {
					attributes.put(names[i], values[i]);
				}
				Map<String, HeldAccount> accounts = held.computeIfAbsent(lane, key -> new LinkedHashMap<>());
				// one account per naming rule: a later ensure (a mover's) read it back where it moved it
				HeldAccount before = accounts.get(rs.getString(3));
				java.util.Set<String> groups = new java.util.LinkedHashSet<>(before == null ? List.of() : before.groups());
				groups.addAll(List.of((String[]) rs.getArray(7).getArray()));
				accounts.put(rs.getString(3), new HeldAccount(rs.getString(4), attributes, List.copyOf(groups)));
			});
		Map<Lane, List<HeldAccount>> answer = new java.util.HashMap<>();
		held.forEach((lane, accounts) -> answer.put(lane, List.copyOf(accounts.values())));
		return answer;
	}

	/** The status of {@code changeKey}'s effect of {@code operation} on {@code target}; empty when it has none. */
	Optional<String> status(String changeKey, String target, String operation) {
		return jdbc.sql("""
				SELECT status FROM provisioning_effects
				WHERE change_key = :changeKey AND target_key = :target AND operation = :operation""")
			.param("changeKey", changeKey)
			.param("target", target)
			.param("operation", operation)
			.query(String.class)
			.optional();
	}

	/** Which of {@code grants} have an effect of {@code operation}, of any status. */
	Set<Grant> having(Collection<Grant> grants, String operation) {
		if (grants.isEmpty()) {
			return Set.of();
		}
		List<Grant> all = List.copyOf(grants);
		return new HashSet<>(jdbc.sql("""
				SELECT e.change_key, e.target_key FROM provisioning_effects e
				JOIN unnest(CAST(:changeKeys AS text[]), CAST(:targets AS text[])) AS g(change_key, target_key)
				  ON e.change_key = g.change_key AND e.target_key = g.target_key
				WHERE e.operation = :operation""")
			.param("changeKeys", new SqlArrayValue("text", all.stream().map(Grant::changeKey).toArray()))
			.param("targets", new SqlArrayValue("text", all.stream().map(Grant::target).toArray()))
			.param("operation", operation)
			.query((rs, row) -> new Grant(rs.getString(1), rs.getString(2)))
			.list());
	}

	/** The receipt of the applied disable of {@code changeKey} on {@code target}: what a deletion removes. */
	Optional<String> disableReceipt(String changeKey, String target) {
		return jdbc.sql("""
				SELECT receipt::text FROM provisioning_effects
				WHERE change_key = :changeKey AND target_key = :target AND operation = 'disable' AND status = 'applied'""")
			.param("changeKey", changeKey)
			.param("target", target)
			.query(String.class)
			.optional();
	}

	/** A deletion to schedule: of what the disable {@code disableId} disabled, at {@code at}. */
	record Deletion(UUID id, UUID disableId, Instant at) {
	}

	/** Schedules the deletions; a replay adds nothing. */
	void planDeletions(List<Deletion> deletions, Instant now) {
		if (deletions.isEmpty()) {
			return;
		}
		jdbc.sql("""
				INSERT INTO provisioning_effects (id, tenant_id, change_key, run_id, stage_id, grant_label, employee_id,
				    target_key, operation, status, scheduled_for, next_attempt_at, request, created_at)
				SELECT d.id, e.tenant_id, e.change_key, e.run_id, e.stage_id, e.grant_label, e.employee_id, e.target_key,
				    'delete', 'scheduled', d.at, d.at, e.request, :now
				FROM provisioning_effects e
				JOIN unnest(CAST(:ids AS uuid[]), CAST(:disableIds AS uuid[]), CAST(:ats AS timestamptz[])) AS d(id, disable_id, at)
				  ON e.id = d.disable_id
				ON CONFLICT (tenant_id, change_key, target_key, operation) DO NOTHING""")
			.param("ids", new SqlArrayValue("uuid", deletions.stream().map(Deletion::id).toArray()))
			.param("disableIds", new SqlArrayValue("uuid", deletions.stream().map(Deletion::disableId).toArray()))
			.param("ats", new SqlArrayValue("timestamptz", deletions.stream().map(d -> Timestamp.from(d.at())).toArray()))
			.param("now", Timestamp.from(now))
			.update();
	}

	/** Where the disables of a revocation stand: how many are not settled yet, how many accounts the applied ones disabled. */
	record Revocation(UUID employeeId, UUID runId, UUID stageId, String grant, int unsettled, int accounts) {
	}

	/** Where the revocations of {@code changeKeys} stand, each in one row; a change without a disable is absent. */
	List<Revocation> revocations(Collection<String> changeKeys) {
		if (changeKeys.isEmpty()) {
			return List.of();
		}
		return jdbc.sql("""
				SELECT employee_id, run_id, stage_id, grant_label,
				    count(*) FILTER (WHERE status NOT IN ('applied', 'skipped')),
				    coalesce(sum(jsonb_array_length(coalesce(receipt -> 'accounts', '[]'::jsonb)))
				        FILTER (WHERE status = 'applied'), 0)
				FROM provisioning_effects WHERE change_key = ANY(:changeKeys) AND operation = 'disable'
				GROUP BY change_key, employee_id, run_id, stage_id, grant_label""")
			.param("changeKeys", new SqlArrayValue("text", changeKeys.toArray()))
			.query((rs, row) -> new Revocation(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class),
					rs.getObject(3, UUID.class), rs.getString(4), rs.getInt(5), rs.getInt(6)))
			.list();
	}

	/**
	 * A compensated change's effect of {@code operation} that still waits for its time (scheduled
	 * later than {@code now}, never attempted) is skipped: it no longer should happen. True when one was.
	 */
	boolean skipWaiting(String changeKey, String target, String operation, Instant now) {
		return jdbc.sql("""
				UPDATE provisioning_effects SET status = 'skipped', settled_at = :now
				WHERE change_key = :changeKey AND target_key = :target AND operation = :operation
				  AND status = 'scheduled' AND attempts = 0 AND scheduled_for > :now""")
			.param("changeKey", changeKey)
			.param("target", target)
			.param("operation", operation)
			.param("now", Timestamp.from(now))
			.update() == 1;
	}

	private static Effect map(java.sql.ResultSet rs, int row) throws java.sql.SQLException {
		Timestamp settled = rs.getTimestamp(13);
		return new Effect(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class), rs.getObject(3, UUID.class),
				rs.getString(4), rs.getObject(5, UUID.class), rs.getString(6), rs.getString(7), rs.getString(8),
				rs.getTimestamp(9).toInstant(), rs.getInt(10), rs.getString(11), rs.getString(12),
				settled == null ? null : settled.toInstant());
	}
}
