/** The embedded demo: an in-process PostgreSQL when no datasource is configured, and its banner. */
package platform.embedded;
