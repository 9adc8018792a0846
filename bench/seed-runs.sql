-- Page-speed data (issue #15, part 7): fills a tenant's projection with finished and open runs,
-- their stages and a decision history, as the console reads them. NOT a migration and not run by
-- mvn verify. Run it as the database owner (it writes past row-level security), e.g. against the
-- demo's embedded PostgreSQL (its port is in the startup banner), once per fresh database:
--
--   psql -h localhost -p <port> -U postgres -d postgres -v tenant=acme -v runs=100000 -f bench/seed-runs.sql
--
-- The stages are the built-in templates' (a tenant's own edits do not matter for speed).
-- What it writes (defaults: acme, 100,000 runs, about 1,000,000 actions):
--   * joiner 50 %, mover 25 %, leaver 25 %, created over the last year;
--   * completed 70 %, rejected 8 %, withdrawn 4 %, running 15 %, returned 2 %, needs_attention 1 %;
--     an open run waits on one of its approval stages (manager manny, IT ivan, security sara+sam);
--   * every run went through 0–6 returns before its last round (return at a random approval stage,
--     HR's resubmit, the approvals before it again), then the approvals of its last round.
-- The runs have no Temporal executions: start the application with WORKFLOW_RECONCILE_INTERVAL=1d
-- (the reconciliation would otherwise mark the open ones needs_attention, 100 per minute).
\set ON_ERROR_STOP on
\if :{?tenant} \else \set tenant acme \endif
\if :{?runs} \else \set runs 100000 \endif

BEGIN;
SELECT setseed(0.15);

CREATE TEMP TABLE seed_runs ON COMMIT DROP AS
SELECT n,
       gen_random_uuid() AS id,
       gen_random_uuid() AS employee_id,
       CASE WHEN n % 4 < 2 THEN 'joiner' WHEN n % 4 = 2 THEN 'mover' ELSE 'leaver' END AS def,
       CASE WHEN r < 0.70 THEN 'completed' WHEN r < 0.78 THEN 'rejected' WHEN r < 0.82 THEN 'withdrawn'
            WHEN r < 0.97 THEN 'running' WHEN r < 0.99 THEN 'returned' ELSE 'needs_attention' END AS status,
       now() - random() * interval '365 days' AS created_at,
       floor(random() * 7)::int AS returns,
       random() AS pick
FROM (SELECT n, random() AS r FROM generate_series(1, :runs) n) s;

-- the stage an unfinished run stopped at (finished: past the last stage)
CREATE TEMP TABLE seed_shape ON COMMIT DROP AS
SELECT r.*, c.stages, c.approval_stages,
       CASE WHEN r.status = 'completed' THEN c.stages
            ELSE floor(r.pick * c.approval_stages)::int END AS stop_at
FROM seed_runs r
JOIN (SELECT definition_key, count(*)::int AS stages, count(*) FILTER (WHERE kind = 'approval')::int AS approval_stages
      FROM workflow_definition_template_stages GROUP BY definition_key) c ON c.definition_key = r.def;

INSERT INTO workflow_runs (id, tenant_id, definition_key, definition_title, definition_version, employee_id, employee_name,
    employee_email, department, manager, effective_date, status, status_reason, source_event_id, source_event_type,
    workflow_id, execution_id, started_at, created_at, updated_at, finished_at, attention_reason, attention_since,
    attention_resume_status)
SELECT s.id, :'tenant', s.def, initcap(s.def), 1, s.employee_id, 'Seeded Employee ' || s.n,
       'seeded' || s.n || '@' || :'tenant' || '.example', (ARRAY['Engineering', 'Sales', 'Finance', 'Support'])[1 + s.n % 4],
       'manny', (s.created_at + interval '30 days')::date, s.status,
       CASE s.status WHEN 'rejected' THEN 'rejected by an approver' WHEN 'withdrawn' THEN 'withdrawn by HR' END,
       gen_random_uuid(), 'hr.employee.' || CASE s.def WHEN 'joiner' THEN 'created' WHEN 'mover' THEN 'transferred' ELSE 'offboarded' END,
       'jml-' || s.id, 'seeded-' || s.n, s.created_at + interval '1 second', s.created_at,
       s.created_at + interval '2 days',
       CASE WHEN s.status IN ('completed', 'rejected', 'withdrawn') THEN s.created_at + (1 + s.pick * 6) * interval '1 day' END,
       CASE WHEN s.status = 'needs_attention' THEN 'Seeded: its workflow execution is gone' END,
       CASE WHEN s.status = 'needs_attention' THEN s.created_at + interval '1 day' END,
       CASE WHEN s.status = 'needs_attention' THEN 'running' END
FROM seed_shape s;

INSERT INTO workflow_stages (id, tenant_id, run_id, position, name, title, kind, assignee, required_approvals, grants,
    sla_hours, status, round, approvals, assignees, activated_at, decided_at, reminder_published_at, reminded_at)
SELECT gen_random_uuid(), :'tenant', s.id, d.position, d.name, d.title, d.kind, d.assignee, d.required_approvals, d.grants,
       d.sla_hours,
       CASE WHEN d.position < s.stop_at THEN CASE d.kind WHEN 'approval' THEN 'approved' ELSE 'completed' END
            WHEN d.position > s.stop_at THEN 'pending'
            WHEN s.status IN ('running', 'needs_attention') THEN 'active'
            ELSE s.status END,
       s.returns,
       CASE WHEN d.position < s.stop_at THEN d.required_approvals ELSE 0 END,
       CASE WHEN d.position > s.stop_at THEN '{}'::text[]
            WHEN d.assignee = 'employee_manager' THEN ARRAY['manny']
            ELSE coalesce((SELECT array_agg(m.username ORDER BY m.username) FROM app_group_members m
                           WHERE m.tenant_id = :'tenant' AND m.group_name = d.assignee), '{}') END,
       CASE WHEN d.position <= s.stop_at THEN s.created_at + d.position * interval '5 hours' END,
       CASE WHEN d.position < s.stop_at THEN s.created_at + (d.position + 1) * interval '5 hours' END,
       -- an open stage past its SLA was reminded already (the reminder job would send 15,000 at once)
       CASE WHEN d.position = s.stop_at AND d.sla_hours IS NOT NULL THEN s.created_at + interval '3 days' END,
       CASE WHEN d.position = s.stop_at AND d.sla_hours IS NOT NULL THEN s.created_at + interval '3 days' END
FROM seed_shape s
JOIN workflow_definition_template_stages d ON d.definition_key = s.def;

UPDATE workflow_runs r SET current_stage_id = st.id
FROM workflow_stages st
WHERE st.run_id = r.id AND st.status IN ('active', 'returned') AND r.tenant_id = :'tenant' AND r.execution_id LIKE 'seeded-%';

-- the decision history: per round, the approvals before the stage that returned it, its return and
-- HR's resubmit; then the last round's approvals up to where the run stopped
CREATE TEMP TABLE seed_decisions ON COMMIT DROP AS
SELECT s.id AS run_id, st.id AS stage_id, k AS round, st.assignees, st.required_approvals, st.position,
       s.created_at + (k * 8 + st.position) * interval '1 hour' AS at,
       CASE WHEN k < s.returns AND st.position = k % greatest(s.stop_at, 1) THEN 'return'
            WHEN k < s.returns AND st.position < k % greatest(s.stop_at, 1) THEN 'approve'
            WHEN k = s.returns AND st.position < s.stop_at THEN 'approve'
            WHEN k = s.returns AND st.position = s.stop_at AND s.status = 'rejected' THEN 'reject' END AS action
FROM seed_shape s
JOIN workflow_stages st ON st.run_id = s.id AND st.kind = 'approval'
CROSS JOIN LATERAL generate_series(0, s.returns) k;

INSERT INTO workflow_actions (id, tenant_id, run_id, stage_id, round, actor, action, comment, idempotency_key, created_at,
    signal_sent_at, outcome, settled_at)
SELECT gen_random_uuid(), :'tenant', d.run_id, d.stage_id, d.round, d.assignees[i], d.action,
       CASE d.action WHEN 'return' THEN 'Please complete the request' WHEN 'reject' THEN 'Not justified' END,
       gen_random_uuid()::text, d.at, d.at, 'applied', d.at + interval '1 second'
FROM seed_decisions d
CROSS JOIN LATERAL generate_series(1, CASE WHEN d.action = 'approve' THEN least(d.required_approvals, cardinality(d.assignees)) ELSE 1 END) i
WHERE d.action IS NOT NULL AND cardinality(d.assignees) > 0;

INSERT INTO workflow_actions (id, tenant_id, run_id, stage_id, round, actor, action, comment, idempotency_key, created_at,
    signal_sent_at, outcome, settled_at)
SELECT gen_random_uuid(), :'tenant', s.id, NULL, NULL, 'hana', 'resubmit', 'Completed the request', gen_random_uuid()::text,
       s.created_at + (k * 8 + 7) * interval '1 hour', s.created_at, 'applied', s.created_at
FROM seed_shape s CROSS JOIN LATERAL generate_series(0, s.returns - 1) k;

INSERT INTO workflow_actions (id, tenant_id, run_id, stage_id, round, actor, action, comment, idempotency_key, created_at,
    signal_sent_at, outcome, settled_at)
SELECT gen_random_uuid(), :'tenant', s.id, NULL, NULL, 'hana', 'withdraw', 'No longer needed', gen_random_uuid()::text,
       s.created_at + interval '2 days', s.created_at, 'applied', s.created_at
FROM seed_shape s WHERE s.status = 'withdrawn';

COMMIT;
ANALYZE workflow_runs;
ANALYZE workflow_stages;
ANALYZE workflow_actions;
SELECT (SELECT count(*) FROM workflow_runs WHERE tenant_id = :'tenant') AS runs,
       (SELECT count(*) FROM workflow_stages WHERE tenant_id = :'tenant') AS stages,
       (SELECT count(*) FROM workflow_actions WHERE tenant_id = :'tenant') AS actions,
       (SELECT count(*) FROM workflow_stages WHERE tenant_id = :'tenant' AND status = 'active' AND assignees @> ARRAY['manny']) AS waiting_on_manny;
