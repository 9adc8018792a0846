package hr.sync;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import jobs.JobNames;
import platform.TenantSuspensions;

/** The source sync's job, contributed to the jobs module. */
@Configuration(proxyBeanMethods = false)
class SyncJobs {

	@Bean
	JobNames hrSyncJobNames() {
		return JobNames.of(SourceSyncJob.NAME);
	}

	@Bean
	SourceSyncJob sourceSyncJob(SourceSync sync, SourceRepository sources, TenantSuspensions suspensions, Clock clock) {
		return new SourceSyncJob(sync, sources, suspensions, clock);
	}
}
