/** Provisioning's API: the admin's targets and entitlements, the effects of a run, an employee's accounts. */
package provisioning.web;
