/**
 * The demo, in one room: an in-process PostgreSQL when no datasource is configured, its banner,
 * the demo tenants and users ({@code DemoDataSeeder}) and the story played through the API
 * ({@code DemoStory}). The demo's failing directory adapter lives with the adapters
 * ({@code provisioning.grants.DemoDirectoryIntegration}).
 */
package platform.demo;
