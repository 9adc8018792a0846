package workflow.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;

import workflow.Attention;
import workflow.Run;
import workflow.RunStatus;
import workflow.StartProgress;
import workflow.support.Rows;

/** The columns of a {@code workflow_runs} row (aliased {@code r}) and how a {@link Run} is read from them. */
final class RunColumns {

	static final String COLUMNS = """
			r.id, r.definition_key, r.definition_title, r.employee_id, r.employee_name, r.employee_email, r.department,
			r.manager, r.from_department, r.from_manager, r.effective_date, r.status, r.status_reason, r.start_not_before,
			r.start_requested_at, r.workflow_id, r.execution_id, r.started_at, r.current_stage_id, r.created_at,
			r.updated_at, r.finished_at, r.start_attempt, r.start_max_attempts, r.start_error, r.start_error_at,
			r.attention_reason, r.attention_since, r.attention_tried, r.employee_title, r.requested_by,
			r.requester_may_approve""";

	private RunColumns() {
	}

	static Run map(ResultSet rs, int row) throws SQLException {
		return new Run(Rows.uuid(rs, "id"), rs.getString("definition_key"), rs.getString("definition_title"),
				Rows.uuid(rs, "employee_id"), rs.getString("employee_name"), rs.getString("employee_email"),
				rs.getString("department"), rs.getString("manager"), rs.getString("from_department"),
				rs.getString("from_manager"), rs.getObject("effective_date", LocalDate.class), RunStatus.of(rs.getString("status")),
				rs.getString("status_reason"), Rows.instant(rs, "start_not_before"), Rows.instant(rs, "start_requested_at"),
				rs.getString("workflow_id"), rs.getString("execution_id"), Rows.instant(rs, "started_at"),
				Rows.uuid(rs, "current_stage_id"), Rows.instant(rs, "created_at"), Rows.instant(rs, "updated_at"),
				Rows.instant(rs, "finished_at"), startProgress(rs), attention(rs), rs.getString("employee_title"),
				rs.getString("requested_by"), rs.getBoolean("requester_may_approve"));
	}

	private static Attention attention(ResultSet rs) throws SQLException {
		return !RunStatus.NEEDS_ATTENTION.value().equals(rs.getString("status")) ? null
				: new Attention(rs.getString("attention_reason"), Rows.instant(rs, "attention_since"),
						rs.getString("attention_tried"));
	}

	private static StartProgress startProgress(ResultSet rs) throws SQLException {
		String error = rs.getString("start_error");
		return error == null || !RunStatus.REQUESTED.value().equals(rs.getString("status")) ? null
				: new StartProgress(rs.getInt("start_attempt"), rs.getInt("start_max_attempts"), error,
						Rows.instant(rs, "start_error_at"));
	}
}
