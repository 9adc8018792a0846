package workflow;

import java.util.List;
import java.util.UUID;

import outbox.catalog.GrantRecorded;

/**
 * The port through which an approver sees what a stage's grants would change, computed now: each
 * grant label made concrete for {@code employee} on the tenant's targets, and what the target
 * already holds. {@code provisioning} implements it (a synchronous read through a port workflow
 * owns, so workflow never depends on provisioning); without it the {@code @Fallback} in
 * {@code queries} answers no plans and the pages show none. An implementation answers within a
 * couple of seconds whatever the directories do: a target it cannot read is a step with an
 * {@code error}, never an exception.
 */
public interface GrantPlans {

	/**
	 * One plan per label of {@code grants}, in their order, for the employee {@code employeeId}
	 * (whose accounts a revocation acts on) as {@code employee} describes them.
	 */
	List<GrantPlan> plan(String tenantId, List<String> grants, UUID employeeId, GrantRecorded.Employee employee);
}
