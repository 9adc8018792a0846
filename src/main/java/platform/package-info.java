/**
 * Platform: what every module stands on. Its API is this package: the tenant unit of work
 * ({@link platform.TenantTransactions}), the signed-in {@link platform.AppUser}, {@link platform.Role}
 * and the role guards, the {@link platform.UserDirectory}, domain refusals
 * ({@link platform.DomainException}), the version an update expects ({@link platform.ExpectedVersion}:
 * If-Match or {@code version}), the one audit trail ({@link platform.PlatformAudit}), the one
 * secret store ({@link platform.SecretStore}), the outbound-request policy, the lower-case names of
 * stored enums, badges, pages, the console's time formatter, keyset cursors and htmx helper, and the
 * Temporal worker SPI, the {@link platform.ObjectStore} port and the {@link platform.Attachments} kept in
 * it. Rooms: {@code security}, {@code mfa} (second factor), {@code tenancy} (tenant lifecycle),
 * {@code admin}, {@code mode}, {@code temporal}, {@code objectstore} (its adapters, readiness and
 * startup gate), {@code attachments}, {@code web} (error handling), {@code demo}, {@code config},
 * {@code modulith}. It depends on no other module.
 */
@org.springframework.modulith.ApplicationModule(id = "platform", displayName = "Platform", allowedDependencies = {})
package platform;
