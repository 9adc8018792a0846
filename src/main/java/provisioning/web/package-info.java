/**
 * Provisioning's API and console: the admin's targets and entitlements (API and pages, both through
 * the one settings service), the effects of a run, an employee's accounts, the Directory page of
 * managed accounts and the Retry of a failed effect that the run, employee and needs-attention
 * pages post to.
 */
package provisioning.web;
