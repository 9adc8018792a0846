package workflow.projection;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import workflow.Action;
import workflow.ActionKind;
import workflow.ActionOutcome;

/** The {@code workflow_actions} table (decision evidence). Call inside a tenant unit of work. */
@Repository
public class ActionRepository {

	private static final String COLUMNS = """
			id, run_id, stage_id, round, actor, action, comment, idempotency_key, created_at, signal_sent_at,
			signal_attempts, last_signal_error, outcome, outcome_reason, settled_at""";

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

	public void recordSignalFailure(UUID id, String error) {
		jdbc.sql("UPDATE workflow_actions SET signal_attempts = signal_attempts + 1, last_signal_error = :error WHERE id = :id")
			.param("id", id).param("error", error).update();
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

	/** Actions whose signal was not delivered, created before {@code before}, oldest first. */
	public List<Action> unsent(Instant before, int limit) {
		return jdbc.sql("SELECT " + COLUMNS + """
				 FROM workflow_actions
				WHERE signal_sent_at IS NULL AND outcome IS NULL AND created_at < :before
				ORDER BY created_at LIMIT :limit
				""").param("before", Rows.timestamp(before)).param("limit", limit).query(ActionRepository::map).list();
	}

	static Action map(ResultSet rs, int row) throws SQLException {
		return new Action(Rows.uuid(rs, "id"), Rows.uuid(rs, "run_id"), Rows.uuid(rs, "stage_id"),
				Rows.nullableInt(rs, "round"), rs.getString("actor"), ActionKind.of(rs.getString("action")), rs.getString("comment"),
				rs.getString("idempotency_key"), Rows.instant(rs, "created_at"), Rows.instant(rs, "signal_sent_at"),
				rs.getInt("signal_attempts"), rs.getString("last_signal_error"), ActionOutcome.of(rs.getString("outcome")),
				rs.getString("outcome_reason"), Rows.instant(rs, "settled_at"));
	}
}
