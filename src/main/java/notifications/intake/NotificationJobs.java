package notifications.intake;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import jobs.Job;
import jobs.JobNames;

/** The jobs the notifications module contributes to the jobs module. */
@Configuration(proxyBeanMethods = false)
class NotificationJobs {

	@Bean
	JobNames notificationJobNames() {
		return JobNames.of(DailyDigestJob.NAME);
	}

	@Bean
	Job dailyDigestJob(DailyDigest digest, Clock clock) {
		return new DailyDigestJob(digest, clock);
	}
}
