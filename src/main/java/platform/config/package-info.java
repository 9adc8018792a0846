/** Shared infrastructure beans (the application Clock, the outage log) and the filter that keeps outages and refused starts out of the log but once. */
package platform.config;
