package platform;

import java.util.Set;

/**
 * Whom an approver stands in for today (their out-of-office delegations): the port through which
 * a module that decides outside the workflow (the access requests) applies the same delegation as
 * the JML stages. {@code workflow} implements it from its delegations. Call outside a unit of work
 * or inside one of the same tenant.
 */
public interface ApproverDelegations {

	/** The approvers whose delegation to {@code delegate} covers today; empty when none. */
	Set<String> actingFor(String tenantId, String delegate);
}
