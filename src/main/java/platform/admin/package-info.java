/**
 * Tenant administration of the platform's directory: users (create, change, disable, reset
 * password), groups (create, rename, members) and the audit trail every change writes. Pages and
 * the JSON API ({@code /v1/admin/users}, {@code /v1/admin/groups}, {@code /v1/admin/audit}) are in
 * {@code platform.admin.web}; both use {@link platform.admin.DirectoryAdministration}.
 */
package platform.admin;
