/** SQL of the job tables: instances (heartbeats), runs, run-now requests and leases. */
package jobs.store;
