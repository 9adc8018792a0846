/** Shared infrastructure beans (the application Clock). */
package platform.config;
