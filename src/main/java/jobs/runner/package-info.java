/** The process-local scheduling loop: first run at once, then every interval, single-flight, a timeout per invocation, stop and drain. */
package jobs.runner;
