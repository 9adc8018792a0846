/**
 * The admin's insights: trends read from the run projection (runs started and finished per week,
 * time to complete, SLA breaches, open runs by stage, approvals per approver), the sections the
 * other modules contribute through {@code platform.InsightsContributor} (the access requests), and
 * the run history as CSV. Read-only; tenant-scoped by row-level security like every projection read.
 */
package workflow.insights;
