package workflow.store;

import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import workflow.definition.OpenStages;

/**
 * Read-only questions the tenant administration asks about open stages (see
 * {@code platform.DirectoryReferences}): whose decision they wait for, and which groups they name.
 * Call inside the tenant unit of work.
 */
@Repository
class StageReferences implements OpenStages {

	private final JdbcClient jdbc;

	StageReferences(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public List<String> waitingOn(String username) {
		return jdbc.sql("""
				SELECT r.definition_title || ' run of ' || r.employee_name || ': stage ' || s.title || ' (run ' || r.id || ')'
				FROM workflow_stages s JOIN workflow_runs r ON r.id = s.run_id
				WHERE s.status IN ('active', 'blocked') AND s.assignees @> ARRAY[CAST(:username AS text)]
				ORDER BY s.activated_at, s.id""")
			.param("username", username)
			.query(String.class)
			.list();
	}

	/** Pending, blocked, active and returned stages. */
	@Override
	public List<String> openNaming(String group) {
		return jdbc.sql("""
				SELECT r.definition_title || ' run of ' || r.employee_name || ': stage ' || s.title || ' (' || s.status || ')'
				FROM workflow_stages s JOIN workflow_runs r ON r.id = s.run_id
				WHERE s.assignee = :group AND s.status IN ('pending', 'blocked', 'active', 'returned')
				  AND r.status IN ('requested', 'running', 'returned')
				ORDER BY r.created_at, s.position""")
			.param("group", group)
			.query(String.class)
			.list();
	}
}
