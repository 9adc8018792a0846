/**
 * Tenant lifecycle for platform operators: the tenants page and {@code /v1/platform/tenants} (list,
 * create with a first admin, suspend, resume, export as JSON lines per table, delete after the
 * grace period), the suspension check on every signed-in request, and {@link platform.TenantSuspensions}.
 */
package platform.tenancy;
