/**
 * Platform: tenant transactions and row-level security, users and security, the Temporal client
 * and worker factory, web layout and error handling, health and metrics, runtime roles.
 * It depends on no other module.
 */
@org.springframework.modulith.ApplicationModule(id = "platform", displayName = "Platform", allowedDependencies = {})
package platform;
