-- A decision the workflow ignored (its stage had moved on, its process was gone) does not count:
-- its approver may decide the stage again. Still one counting decision per approver and round,
-- also for concurrent requests (a decision not settled yet counts).
DROP INDEX workflow_actions_one_decision_idx;
CREATE UNIQUE INDEX workflow_actions_one_decision_idx ON workflow_actions (stage_id, round, actor)
    WHERE action IN ('approve', 'reject', 'return') AND outcome IS DISTINCT FROM 'ignored';
