package jobs.assembly;

import java.time.Duration;

import jobs.Job;
import jobs.runner.JobCallback;

/**
 * What one round of a job does around {@link Job#run()}: {@link RecordedJobRounds} takes the
 * job's lease (one instance at a time) and records the run in PostgreSQL.
 */
interface JobRounds {

	JobCallback round(Job job, Duration timeout);
}
