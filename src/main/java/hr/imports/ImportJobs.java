package hr.imports;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import jobs.JobNames;
import platform.TenantSuspensions;

/** The import's job, contributed to the jobs module. */
@Configuration(proxyBeanMethods = false)
class ImportJobs {

	@Bean
	JobNames hrImportJobNames() {
		return JobNames.of(ImportApplyJob.NAME);
	}

	@Bean
	ImportApplyJob importApplyJob(HrImports imports, ImportRepository rows, TenantSuspensions suspensions, Clock clock) {
		return new ImportApplyJob(imports, rows, suspensions, clock);
	}
}
