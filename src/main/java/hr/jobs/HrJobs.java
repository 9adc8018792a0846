package hr.jobs;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import hr.EmployeeService;
import hr.TimeTriggers;
import jobs.Job;
import jobs.JobNames;

/** The jobs HR contributes to the jobs module. */
@Configuration(proxyBeanMethods = false)
class HrJobs {

	@Bean
	JobNames hrJobNames() {
		return JobNames.of(StarterActivationJob.NAME, LeaverErasureJob.NAME, AccessEndingNoticeJob.NAME,
				TimeTriggerJob.NAME);
	}

	@Bean
	Job starterActivationJob(EmployeeService employees, Clock clock) {
		return new StarterActivationJob(employees, clock, StarterActivationJob.BATCH_SIZE);
	}

	@Bean
	Job accessEndingNoticeJob(EmployeeService employees, Clock clock) {
		return new AccessEndingNoticeJob(employees, clock);
	}

	@Bean
	Job leaverErasureJob(EmployeeService employees, Clock clock) {
		return new LeaverErasureJob(employees, clock, LeaverErasureJob.BATCH_SIZE);
	}

	@Bean
	Job timeTriggerJob(TimeTriggers triggers, Clock clock) {
		return new TimeTriggerJob(triggers, clock, TimeTriggerJob.BATCH_SIZE);
	}
}
