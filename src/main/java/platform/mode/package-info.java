/** Demo or production: the configuration and database-role checks that refuse an unsafe start with one message, and the startup order. */
package platform.mode;
