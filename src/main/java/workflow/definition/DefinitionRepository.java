package workflow.definition;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import workflow.StageKind;
import workflow.support.Rows;
import workflow.support.StagePolicies;

/**
 * The tenant's definitions. A tenant's first look-up of a key copies the global template (see
 * V30: tenants created after the migrations get their definitions too) as version 1; an existing
 * copy is never overwritten by the template. {@link #save} makes a new version (V92): the current
 * stages are replaced and the version is kept in {@code workflow_definition_versions}. Call inside
 * a tenant unit of work.
 */
@Repository
public class DefinitionRepository {

	private static final String STAGES_AS_JSON = """
			coalesce((SELECT jsonb_agg(jsonb_build_object('name', s.name, 'title', s.title, 'kind', s.kind,
			                 'assignee', s.assignee, 'requiredApprovals', s.required_approvals,
			                 'grants', to_jsonb(s.grants), 'slaHours', s.sla_hours, 'distinctFrom', s.distinct_from,
			                 'reminders', s.reminders, 'escalation', s.escalation) ORDER BY s.position)
			          FROM workflow_definition_stages s WHERE s.definition_key = d.key), '[]'::jsonb)""";

	private final JdbcClient jdbc;
	private final StagePolicies policies;

	DefinitionRepository(JdbcClient jdbc, StagePolicies policies) {
		this.jdbc = jdbc;
		this.policies = policies;
	}

	/**
	 * The current version. Its row is share-locked until the transaction ends, so a run that
	 * snapshots these stages records the version they belong to, even while an admin saves.
	 */
	public Optional<Definition> find(String key) {
		copyTemplateIfMissing(key);
		return jdbc.sql("SELECT title, version, requester_may_approve FROM workflow_definitions WHERE key = :key FOR SHARE")
			.param("key", key)
			.query((rs, row) -> new Definition(key, rs.getString("title"), rs.getInt("version"), List.of(),
					rs.getBoolean("requester_may_approve")))
			.optional()
			.map(d -> new Definition(key, d.title(), d.version(), stages(key), d.requesterMayApprove()));
	}

	/** Like {@link #find}, row-locked for a save. */
	Optional<Definition> lockForSave(String key) {
		copyTemplateIfMissing(key);
		return jdbc.sql("SELECT title, version, requester_may_approve FROM workflow_definitions WHERE key = :key FOR UPDATE")
			.param("key", key)
			.query((rs, row) -> new Definition(key, rs.getString("title"), rs.getInt("version"), stages(key),
					rs.getBoolean("requester_may_approve")))
			.optional();
	}

	/** Replaces the current stages with {@code stages} as version {@code version}; call after {@link #lockForSave}. */
	void save(String key, String title, int version, List<DefinitionStage> stages, boolean requesterMayApprove,
			String savedBy, Instant savedAt) {
		jdbc.sql("""
				UPDATE workflow_definitions SET title = :title, version = :version, requester_may_approve = :requesterMayApprove
				WHERE key = :key""")
			.param("key", key)
			.param("title", title)
			.param("version", version)
			.param("requesterMayApprove", requesterMayApprove)
			.update();
		jdbc.sql("DELETE FROM workflow_definition_stages WHERE definition_key = :key").param("key", key).update();
		for (DefinitionStage stage : stages) {
			jdbc.sql("""
					INSERT INTO workflow_definition_stages (tenant_id, definition_key, position, name, title, kind,
					    assignee, required_approvals, grants, sla_hours, distinct_from, reminders, escalation)
					VALUES (current_setting('app.tenant_id'), :key, :position, :name, :title, :kind, :assignee,
					    :requiredApprovals, :grants, :slaHours, :distinctFrom, CAST(:reminders AS jsonb), CAST(:escalation AS jsonb))""")
				.param("key", key)
				.param("position", stage.position())
				.param("name", stage.name())
				.param("title", stage.title())
				.param("kind", stage.kind().value())
				.param("assignee", stage.assignee())
				.param("requiredApprovals", stage.requiredApprovals())
				.param("grants", stage.grants().toArray(String[]::new))
				.param("slaHours", stage.slaHours())
				.param("distinctFrom", stage.distinctFrom())
				.param("reminders", policies.write(stage.reminders()))
				.param("escalation", policies.write(stage.escalation()))
				.update();
		}
		recordVersion(key, savedBy, Rows.timestamp(savedAt));
	}

	/** Every version, newest first. */
	List<DefinitionVersion> versions(String key) {
		copyTemplateIfMissing(key);
		Map<Integer, DefinitionVersion> versions = new LinkedHashMap<>();
		jdbc.sql("""
				SELECT v.version, v.title, v.saved_by, v.saved_at, v.requester_may_approve, e.ord, e.s ->> 'name' AS name, e.s ->> 'title' AS stage_title,
				       e.s ->> 'kind' AS kind, e.s ->> 'assignee' AS assignee,
				       (e.s ->> 'requiredApprovals')::int AS required_approvals, (e.s ->> 'slaHours')::int AS sla_hours,
				       e.s ->> 'distinctFrom' AS distinct_from, nullif(e.s -> 'reminders', 'null'::jsonb)::text AS reminders,
				       nullif(e.s -> 'escalation', 'null'::jsonb)::text AS escalation,
				       ARRAY(SELECT jsonb_array_elements_text(coalesce(e.s -> 'grants', '[]'::jsonb))) AS grants
				FROM workflow_definition_versions v
				LEFT JOIN LATERAL jsonb_array_elements(v.stages) WITH ORDINALITY AS e(s, ord) ON true
				WHERE v.definition_key = :key
				ORDER BY v.version DESC, e.ord
				""")
			.param("key", key)
			.query((RowCallbackHandler) rs -> {
				// called once per row
				int version = rs.getInt("version");
				DefinitionVersion current = versions.get(version);
				if (current == null) {
					current = new DefinitionVersion(key, version, rs.getString("title"), new ArrayList<>(),
							rs.getString("saved_by"), Rows.instant(rs, "saved_at"), rs.getBoolean("requester_may_approve"));
					versions.put(version, current);
				}
				if (rs.getString("name") != null) {
					current.stages().add(new DefinitionStage(rs.getInt("ord") - 1, rs.getString("name"),
							rs.getString("stage_title"), StageKind.of(rs.getString("kind")), rs.getString("assignee"),
							rs.getInt("required_approvals"), Rows.strings(rs, "grants"), Rows.nullableInt(rs, "sla_hours"),
							rs.getString("distinct_from"), policies.reminders(rs.getString("reminders")),
							policies.escalation(rs.getString("escalation"))));
				}
			});
		return versions.values().stream()
			.map(v -> new DefinitionVersion(v.key(), v.version(), v.title(), List.copyOf(v.stages()), v.savedBy(), v.savedAt(),
					v.requesterMayApprove()))
			.toList();
	}

	/** Definitions whose current stages are assigned to {@code group} (for the directory's rename check). */
	List<String> stagesNaming(String group) {
		return jdbc.sql("""
				SELECT d.title || ': stage ' || s.title FROM workflow_definition_stages s
				JOIN workflow_definitions d ON d.tenant_id = s.tenant_id AND d.key = s.definition_key
				WHERE s.assignee = :group ORDER BY d.key, s.position""")
			.param("group", group)
			.query(String.class)
			.list();
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
			recordVersion(key, "template", null);
		}
	}

	private void recordVersion(String key, String savedBy, Object savedAt) {
		jdbc.sql("INSERT INTO workflow_definition_versions (tenant_id, definition_key, version, title, stages, saved_by, saved_at, "
				+ "requester_may_approve) SELECT d.tenant_id, d.key, d.version, d.title, " + STAGES_AS_JSON
				+ ", :savedBy, coalesce(CAST(:savedAt AS timestamptz), now()), d.requester_may_approve"
				+ " FROM workflow_definitions d WHERE d.key = :key")
			.param("key", key)
			.param("savedBy", savedBy)
			.param("savedAt", savedAt)
			.update();
	}

	private List<DefinitionStage> stages(String key) {
		return jdbc.sql("""
				SELECT position, name, title, kind, assignee, required_approvals, grants, sla_hours, distinct_from,
				    reminders::text AS reminders, escalation::text AS escalation
				FROM workflow_definition_stages WHERE definition_key = :key ORDER BY position
				""")
			.param("key", key)
			.query((rs, row) -> new DefinitionStage(rs.getInt("position"), rs.getString("name"), rs.getString("title"),
					StageKind.of(rs.getString("kind")), rs.getString("assignee"), rs.getInt("required_approvals"),
					Rows.strings(rs, "grants"), Rows.nullableInt(rs, "sla_hours"), rs.getString("distinct_from"),
					policies.reminders(rs.getString("reminders")), policies.escalation(rs.getString("escalation"))))
			.list();
	}
}
