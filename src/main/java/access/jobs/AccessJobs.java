package access.jobs;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import access.AccessRequests;
import jobs.Job;
import jobs.JobNames;

/** The jobs the access module contributes to the jobs module. */
@Configuration(proxyBeanMethods = false)
class AccessJobs {

	@Bean
	JobNames accessJobNames() {
		return JobNames.of(AccessExpiryJob.NAME);
	}

	@Bean
	Job accessExpiryJob(AccessRequests requests, Clock clock) {
		return new AccessExpiryJob(requests, clock);
	}
}
