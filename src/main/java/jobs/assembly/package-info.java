/** Builds one runner per contributed job in the worker role, leases each round, records runs and heartbeats, job metrics. */
package jobs.assembly;
