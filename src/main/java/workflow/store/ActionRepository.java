package workflow.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import workflow.Action;
import workflow.ActionKind;
import workflow.ActionOutcome;
import workflow.support.Rows;

/** The {@code workflow_actions} table (decision evidence). Call inside a tenant unit of work. */
@Repository
public class ActionRepository {

	private static final String COLUMNS = """
			id, run_id, stage_id, round, actor, action, comment, idempotency_key, created_at, signal_sent_at,
			signal_attempts, last_signal_error, outcome, outcome_reason, settled_at, next_signal_at, undeliverable_at""";

	/** The decisions on a stage, as stored. */
	static final List<String> DECISIONS = ActionKind.DECISIONS.stream().map(ActionKind::value).toList();

	private final JdbcClient jdbc;

	ActionRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Inserts the action; empty when it conflicts with an existing one (same idempotency key of
	 * the actor, or the actor's decision on this stage round). ON CONFLICT waits for a concurrent
	 * insert to commit, so the caller can then read the winner.
	 */
	public Optional<Action> insert(UUID runId, UUID stageId, Integer round, String actor, ActionKind action, String comment,
			String idempotencyKey) {
		return jdbc.sql("""
				INSERT INTO workflow_actions (id, tenant_id, run_id, stage_id, round, actor, action, comment, idempotency_key)
				VALUES (:id, current_setting('app.tenant_id'), :runId, :stageId, :round, :actor, :action, :comment, :key)
				ON CONFLICT DO NOTHING
				RETURNING """ + " " + COLUMNS)
			.param("id", UUID.randomUUID())
			.param("runId", runId)
			.param("stageId", stageId)
			.param("round", round)
			.param("actor", actor)
			.param("action", action.value())
			.param("comment", comment)
			.param("key", idempotencyKey)
			.query(ActionRepository::map)
			.optional();
	}

	public Optional<Action> find(UUID id) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_actions WHERE id = :id")
			.param("id", id).query(ActionRepository::map).optional();
	}

	public Optional<Action> findByKey(String actor, String idempotencyKey) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_actions WHERE actor = :actor AND idempotency_key = :key")
			.param("actor", actor).param("key", idempotencyKey).query(ActionRepository::map).optional();
	}

	public List<Action> forRun(UUID runId) {
		return jdbc.sql("SELECT " + COLUMNS + " FROM workflow_actions WHERE run_id = :runId ORDER BY created_at, id")
			.param("runId", runId).query(ActionRepository::map).list();
	}

	/** Whether the actor decided the stage in this round; a decision the workflow ignored does not count. */
	/**
	 * Who approved the run's stage {@code stageName}, in any round, in decisions that counted (an
	 * ignored one did not): whom separation of duties keeps off a stage that must differ from it.
	 */
	public List<String> approversOf(UUID runId, String stageName) {
		return jdbc.sql("""
				SELECT DISTINCT a.actor FROM workflow_actions a JOIN workflow_stages s ON s.id = a.stage_id
				WHERE a.run_id = :runId AND s.name = :stageName AND a.action = :approve
				  AND a.outcome IS DISTINCT FROM :ignored
				ORDER BY a.actor
				""")
			.param("runId", runId)
			.param("stageName", stageName)
			.param("approve", ActionKind.APPROVE.value())
			.param("ignored", ActionOutcome.IGNORED.value())
			.query(String.class)
			.list();
	}

	public boolean hasDecided(UUID stageId, int round, String actor) {
		return jdbc.sql("""
				SELECT EXISTS (SELECT 1 FROM workflow_actions WHERE stage_id = :stageId AND round = :round AND actor = :actor
				    AND action IN (:decisions) AND outcome IS DISTINCT FROM :ignored)
				""")
			.param("ignored", ActionOutcome.IGNORED.value())
			.param("stageId", stageId)
			.param("round", round)
			.param("actor", actor)
			.param("decisions", DECISIONS)
			.query(Boolean.class)
			.single();
	}

	public void markSignalSent(UUID id) {
		jdbc.sql("""
				UPDATE workflow_actions SET signal_sent_at = coalesce(signal_sent_at, now()),
				    signal_attempts = signal_attempts + 1, last_signal_error = NULL
				WHERE id = :id
				""").param("id", id).update();
	}

	/**
	 * Records a failed send: the next one waits {@code base * 2^(n-1)} (capped at {@code max}) after
	 * {@code now} for the n-th failure; the {@code maxAttempts}-th failure makes the action
	 * undeliverable. True when it did.
	 */
	public boolean recordSignalFailure(UUID id, String error, Instant now, Duration base, Duration max, int maxAttempts) {
		return jdbc.sql("""
				UPDATE workflow_actions SET signal_attempts = signal_attempts + 1, last_signal_error = :error,
				    next_signal_at = :now + make_interval(secs => least(:maxSeconds, :baseSeconds * power(2, least(signal_attempts, 30)))),
				    undeliverable_at = CASE WHEN signal_attempts + 1 >= :maxAttempts THEN :now END
				WHERE id = :id AND signal_sent_at IS NULL AND outcome IS NULL
				RETURNING undeliverable_at IS NOT NULL
				""")
			.param("id", id)
			.param("error", error)
			.param("now", Rows.timestamp(now))
			.param("baseSeconds", base.toMillis() / 1000.0)
			.param("maxSeconds", max.toMillis() / 1000.0)
			.param("maxAttempts", maxAttempts)
			.query(Boolean.class)
			.optional()
			.orElse(false);
	}

	/**
	 * The run's workflow was not found although the run is live: the action stays unsettled and
	 * is not sent again by itself (like an undeliverable one) until a repair of its run re-sends it.
	 */
	public void awaitRepair(UUID id, String error, Instant now) {
		jdbc.sql("""
				UPDATE workflow_actions SET signal_attempts = signal_attempts + 1, last_signal_error = :error,
				    next_signal_at = NULL, undeliverable_at = :now
				WHERE id = :id AND signal_sent_at IS NULL AND outcome IS NULL
				""").param("id", id).param("error", error).param("now", Rows.timestamp(now)).update();
	}

	/**
	 * A repaired run has a new execution: its actions not settled yet are sent again by the
	 * redelivery job, now (undeliverable ones included).
	 */
	public int resendUnsettled(UUID runId, Instant now) {
		return jdbc.sql("""
				UPDATE workflow_actions SET signal_sent_at = NULL, undeliverable_at = NULL, next_signal_at = :now
				WHERE run_id = :runId AND outcome IS NULL
				""")
			.param("runId", runId)
			.param("now", Rows.timestamp(now))
			.update();
	}

	/** Undeliverable actions of the tenant (unsettled, no more automatic sends), oldest first. */
	public List<Action> undeliverable(int limit) {
		return jdbc.sql("SELECT " + COLUMNS + """
				 FROM workflow_actions
				WHERE undeliverable_at IS NOT NULL AND signal_sent_at IS NULL AND outcome IS NULL
				ORDER BY undeliverable_at LIMIT :limit
				""").param("limit", limit).query(ActionRepository::map).list();
	}

	/**
	 * Records what became of the action, once. The workflow only settles actions it received, so
	 * this also proves delivery when the sender never got to record it.
	 */
	public void settle(UUID id, ActionOutcome outcome, String reason) {
		jdbc.sql("""
				UPDATE workflow_actions SET outcome = :outcome, outcome_reason = :reason, settled_at = now(),
				    signal_sent_at = coalesce(signal_sent_at, now())
				WHERE id = :id AND outcome IS NULL
				""").param("id", id).param("outcome", outcome.value()).param("reason", reason).update();
	}

	/** Settles an action that will never reach a workflow (no signal was or will be sent). */
	public void settleUndelivered(UUID id, ActionOutcome outcome, String reason) {
		jdbc.sql("""
				UPDATE workflow_actions SET outcome = :outcome, outcome_reason = :reason, settled_at = now()
				WHERE id = :id AND outcome IS NULL
				""").param("id", id).param("outcome", outcome.value()).param("reason", reason).update();
	}

	/**
	 * Actions whose signal is due: never tried and created before {@code createdBefore}, or
	 * retried and due at {@code now}; oldest due first, undeliverable ones left out. An action
	 * that keeps failing waits for its own next attempt, so it never hides a newer one.
	 */
	public List<Action> dueSignals(Instant now, Instant createdBefore, int limit) {
		return jdbc.sql("SELECT " + COLUMNS + """
				 FROM workflow_actions
				WHERE signal_sent_at IS NULL AND outcome IS NULL AND undeliverable_at IS NULL
				  AND ((next_signal_at IS NULL AND created_at < :before) OR next_signal_at <= :now)
				ORDER BY coalesce(next_signal_at, created_at + (CAST(:now AS timestamptz) - CAST(:before AS timestamptz))), id
				LIMIT :limit
				""")
			.param("now", Rows.timestamp(now))
			.param("before", Rows.timestamp(createdBefore))
			.param("limit", limit)
			.query(ActionRepository::map)
			.list();
	}

	static Action map(ResultSet rs, int row) throws SQLException {
		return new Action(Rows.uuid(rs, "id"), Rows.uuid(rs, "run_id"), Rows.uuid(rs, "stage_id"),
				Rows.nullableInt(rs, "round"), rs.getString("actor"), ActionKind.of(rs.getString("action")), rs.getString("comment"),
				rs.getString("idempotency_key"), Rows.instant(rs, "created_at"), Rows.instant(rs, "signal_sent_at"),
				rs.getInt("signal_attempts"), rs.getString("last_signal_error"), ActionOutcome.of(rs.getString("outcome")),
				rs.getString("outcome_reason"), Rows.instant(rs, "settled_at"), Rows.instant(rs, "next_signal_at"),
				Rows.instant(rs, "undeliverable_at"));
	}
}
