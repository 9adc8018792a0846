package jobs.attachments;

import java.time.Clock;
import java.time.Duration;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import jobs.Job;
import jobs.JobNames;
import platform.AttachmentMaintenance;

/**
 * The attachments' job (the platform module depends on no other, so the jobs module runs it through
 * {@link AttachmentMaintenance}): {@value #ORPHAN_SWEEP} deletes the objects under the attachments'
 * prefix that no attachment row names once they are older than {@code ATTACHMENTS_ORPHAN_GRACE}
 * (an upload between its object and its row is younger than that). Hourly by default.
 */
@Configuration(proxyBeanMethods = false)
class AttachmentJobs {

	static final String ORPHAN_SWEEP = "platform_attachment_orphan_sweep";

	@Bean
	JobNames attachmentJobNames() {
		return JobNames.of(ORPHAN_SWEEP);
	}

	@Bean
	Job attachmentOrphanSweepJob(AttachmentMaintenance attachments, Clock clock,
			@Value("${jmlhub.attachments.orphan-grace:1h}") Duration grace) {
		return new OrphanSweepJob(attachments, clock, grace);
	}

	/** One sweep over the store's attachment objects written before now minus the grace. */
	record OrphanSweepJob(AttachmentMaintenance attachments, Clock clock, Duration grace) implements Job {

		@Override
		public String name() {
			return ORPHAN_SWEEP;
		}

		@Override
		public void run() {
			attachments.sweepOrphans(clock.instant().minus(grace));
		}
	}
}
