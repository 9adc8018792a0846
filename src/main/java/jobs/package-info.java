/**
 * Jobs: the process-local job runner, the job SPI other modules contribute to, the assembly that
 * builds one runner per job in the worker role, job metrics and the admin jobs page and API.
 */
@org.springframework.modulith.ApplicationModule(id = "jobs", displayName = "Jobs", allowedDependencies = { "platform" })
package jobs;
