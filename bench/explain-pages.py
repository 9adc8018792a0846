#!/usr/bin/env python3
"""EXPLAIN (ANALYZE, BUFFERS) of the pages' main statements at 100k runs (issue #15, part 7).

Run against the demo's PostgreSQL after bench/seed-runs.sql: bench/explain-pages.py <port>.
The runs list's columns and HR's queue are read from the SQL constants of
workflow/projection/RunRepository.java; the filters and the inbox are written here as the
repositories append them, with the parameters as literals; as the runtime role under row-level
security with parallel plans off, like the application; each runs three times and the third is
reported as a Markdown table row for docs/benchmarks.md.
"""
import re,subprocess,sys
import os
src=open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src/main/java/workflow/projection/RunRepository.java')).read()
def const(name, text):
    i=text.index('String %s = """'%name)+len('String %s = """'%name); j=text.index('"""',i); return text[i:j]
cols=const('COLUMNS',src)
stage=const('STAGE_COLUMNS',src)
stage=stage.replace(':csActive',"'active'")
stage=stage+"""a.action IN ('approve', 'reject', 'return') AND a.outcome IS DISTINCT FROM 'ignored') ORDER BY u) END AS cs_waiting_on"""
stage=stage.replace('AND\\s','AND ')
base="SELECT "+cols+", "+stage+" FROM workflow_runs r LEFT JOIN workflow_stages cs ON cs.id = r.current_stage_id WHERE true"
order=" ORDER BY r.created_at DESC, r.id DESC LIMIT 21"
awaits="""s.status = 'active' AND s.assignees @> ARRAY[CAST('manny' AS text)] AND NOT EXISTS (SELECT 1 FROM workflow_actions a WHERE a.stage_id = s.id AND a.round = s.round AND a.actor = 'manny' AND a.action IN ('approve', 'reject', 'return') AND a.outcome IS DISTINCT FROM 'ignored')"""
inbox="""SELECT s.run_id, s.id AS stage_id, r.employee_name, r.department, r.definition_key, r.definition_title, s.title AS stage_title, s.approvals, s.required_approvals, s.activated_at, s.sla_hours, s.delegated_for ->> 'manny' AS delegated_for FROM workflow_stages s JOIN workflow_runs r ON r.id = s.run_id WHERE r.status = 'running' AND """+awaits
hr=const('HR_WORK',src)
q={
 'runs, first page': base+order,
 'runs, page 50 (keyset)': base+" AND (r.created_at, r.id) < (SELECT created_at, id FROM workflow_runs ORDER BY created_at DESC, id DESC OFFSET 1000 LIMIT 1)"+order,
 'runs, status=returned': base+" AND r.status = 'returned'"+order,
 'runs, definition=leaver': base+" AND r.definition_key = 'leaver'"+order,
 'runs, employee': base+" AND r.employee_id = (SELECT employee_id FROM workflow_runs WHERE status = 'completed' LIMIT 1)"+order,
 'runs, mine (manny)': base+" AND "+re.sub(r'\bs\.', 'cs.', awaits)+order,
 'runs, overdue': base+" AND r.status = 'running' AND (SELECT o.activated_at + make_interval(hours => o.sla_hours) FROM workflow_stages o WHERE o.id = r.current_stage_id AND o.status = 'active') < now()"+order,
 'runs, overdue (none overdue: worst case)': base+" AND r.status = 'running' AND (SELECT o.activated_at + make_interval(hours => o.sla_hours) FROM workflow_stages o WHERE o.id = r.current_stage_id AND o.status = 'active') < now() - interval '10 years'"+order,
 'runs, blocked': base+" AND cs.status = 'blocked' AND r.status IN ('running', 'returned', 'needs_attention')"+order,
 'inbox page (manny, 51 rows)': inbox+" ORDER BY s.activated_at, s.id LIMIT 51",
 'inbox count (badge, cap 100)': "SELECT count(*) FROM ("+inbox+" ORDER BY s.activated_at, s.id LIMIT 100) i",
 'HR queue count (badge, cap 100)': "SELECT count(*) FROM ("+hr+" LIMIT 100) w",
}
port=sys.argv[1] if len(sys.argv) > 1 else '5432'
out=[]
for name,sql in q.items():
    script="SET ROLE jml_app;\nSELECT set_config('app.tenant_id','acme',false) \\gset\nSET max_parallel_workers_per_gather = 0;\n"+("EXPLAIN (ANALYZE, BUFFERS) "+sql+";\n")*3
    r=subprocess.run(['psql','-h','localhost','-p',port,'-U','postgres','-d','postgres','-X','-q','-f','-'],input=script,capture_output=True,text=True)
    plans=r.stdout.split('QUERY PLAN')
    last=plans[-1]
    ex=re.findall(r'Execution Time: ([0-9.]+) ms',r.stdout)
    pl=re.findall(r'Planning Time: ([0-9.]+) ms',r.stdout)
    bufs=re.search(r'Buffers: (shared [^\n]*)',last)
    scans=sorted(set(re.findall(r'(?:Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)? (?:using|on) (\w+)',last)))
    out.append((name, ex, pl, bufs.group(1) if bufs else '', scans, r.stderr[:200]))
for o in out:
    if o[5]:
        sys.exit(o[0] + ': ' + o[5])
    print("| %s | %s ms | %s ms | %s | %s |" % (o[0], o[1][-1] if o[1] else '?', o[2][-1] if o[2] else '?', o[3], ', '.join('`%s`'%x for x in o[4])))
