package workflow.definition;

import java.util.List;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import workflow.StageKind;
import workflow.projection.Rows;

/**
 * The tenant's definitions. A tenant's first look-up of a key copies the global template (see
 * V30: tenants created after the migrations get their definitions too); an existing copy is never
 * overwritten, so a tenant's customisation survives. Call inside a tenant unit of work.
 */
@Repository
public class DefinitionRepository {

	private final JdbcClient jdbc;

	DefinitionRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	public Optional<Definition> find(String key) {
		copyTemplateIfMissing(key);
		Optional<String> title = jdbc.sql("SELECT title FROM workflow_definitions WHERE key = :key")
			.param("key", key)
			.query(String.class)
			.optional();
		return title.map(t -> new Definition(key, t, stages(key)));
	}

	private void copyTemplateIfMissing(String key) {
		// ON CONFLICT DO NOTHING: a concurrent first look-up waits for the other copy and keeps it
		int copied = jdbc.sql("""
				INSERT INTO workflow_definitions (tenant_id, key, title)
				SELECT current_setting('app.tenant_id'), t.key, t.title FROM workflow_definition_templates t
				WHERE t.key = :key
				  AND NOT EXISTS (SELECT 1 FROM workflow_definitions d WHERE d.key = :key)
				ON CONFLICT DO NOTHING
				""").param("key", key).update();
		if (copied > 0) {
			jdbc.sql("""
					INSERT INTO workflow_definition_stages (tenant_id, definition_key, position, name, title, kind,
					    assignee, required_approvals, grants, sla_hours)
					SELECT current_setting('app.tenant_id'), s.definition_key, s.position, s.name, s.title, s.kind,
					    s.assignee, s.required_approvals, s.grants, s.sla_hours
					FROM workflow_definition_template_stages s WHERE s.definition_key = :key
					ON CONFLICT DO NOTHING
					""").param("key", key).update();
		}
	}

	private List<DefinitionStage> stages(String key) {
		return jdbc.sql("""
				SELECT position, name, title, kind, assignee, required_approvals, grants, sla_hours
				FROM workflow_definition_stages WHERE definition_key = :key ORDER BY position
				""")
			.param("key", key)
			.query((rs, row) -> new DefinitionStage(rs.getInt("position"), rs.getString("name"), rs.getString("title"),
					StageKind.of(rs.getString("kind")), rs.getString("assignee"), rs.getInt("required_approvals"),
					Rows.strings(rs, "grants"), Rows.nullableInt(rs, "sla_hours")))
			.list();
	}
}
