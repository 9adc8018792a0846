/**
 * The demo, in one room: an in-process PostgreSQL when no datasource is configured, its banner,
 * the demo tenants and users ({@code DemoDataSeeder}) and the story played through the API
 * ({@code DemoStory}). The demo's directory lives with provisioning
 * ({@code provisioning.demo}).
 */
package platform.demo;
