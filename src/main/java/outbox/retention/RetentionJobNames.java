package outbox.retention;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import jobs.JobNames;

/** The outbox's jobs, for the closed set of job metric labels. */
@Configuration(proxyBeanMethods = false)
class RetentionJobNames {

	@Bean
	JobNames outboxJobNames() {
		return JobNames.of(OutboxRetentionJob.NAME);
	}
}
