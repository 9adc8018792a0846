package jobs.audit;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import jobs.Job;
import jobs.JobNames;
import platform.AuditMaintenance;
import platform.AuditVerification;
import platform.SecretRotation;

/**
 * The audit trail's jobs (the platform module depends on no other, so the jobs module runs its
 * upkeep through {@link AuditMaintenance}): {@value #VERIFY} checks every tenant's hash chain
 * and logs the first broken link as an error; {@value #RETENTION} removes entries past each
 * tenant's retention; {@value #SECRET_RESEAL} moves stored secrets to the current key. They run
 * daily by default ({@code jmlhub.jobs.<name>.interval}).
 */
@Configuration(proxyBeanMethods = false)
class AuditJobs {

	static final String VERIFY = "platform_audit_verify";
	static final String RETENTION = "platform_audit_retention";
	static final String SECRET_RESEAL = "platform_secret_reseal";

	private static final Logger log = LoggerFactory.getLogger(AuditJobs.class);

	@Bean
	JobNames auditJobNames() {
		return JobNames.of(VERIFY, RETENTION, SECRET_RESEAL);
	}

	@Bean
	Job auditVerifyJob(AuditMaintenance audit) {
		return new TenantJob(VERIFY, audit, tenant -> {
			AuditVerification result = audit.verify(tenant);
			if (!result.intact()) {
				log.error("Audit trail of tenant {} is broken at entry {} (position {}, {}): {}", tenant,
						result.firstBroken().id(), result.firstBroken().seq(), result.firstBroken().actedAt(),
						result.firstBroken().reason());
			}
		});
	}

	@Bean
	Job auditRetentionJob(AuditMaintenance audit, Clock clock) {
		return new TenantJob(RETENTION, audit, tenant -> {
			Instant now = clock.instant();
			int removed = audit.purgeExpired(tenant, now);
			if (removed > 0) {
				log.info("Audit retention removed {} entries of tenant {}", removed, tenant);
			}
		});
	}

	/** Moves every tenant's secrets to the current key (key rotation; seals secrets stored before encryption). */
	@Bean
	Job secretResealJob(AuditMaintenance audit, List<SecretRotation> rotations) {
		return new TenantJob(SECRET_RESEAL, audit, tenant -> {
			int resealed = rotations.stream().mapToInt(rotation -> rotation.reseal(tenant)).sum();
			if (resealed > 0) {
				log.info("Re-sealed {} secret(s) of tenant {} under the current key", resealed, tenant);
			}
		});
	}

	/** One pass over every tenant; a failing tenant is logged and the others go on. */
	private record TenantJob(String name, AuditMaintenance audit, TenantWork work) implements Job {

		@Override
		public void run() {
			for (String tenant : audit.tenants()) {
				if (Thread.currentThread().isInterrupted()) {
					return;
				}
				try {
					work.run(tenant);
				}
				catch (RuntimeException e) {
					log.warn("{}: tenant {} failed, retried next round: {}", name, tenant, e.getMessage(), e);
				}
			}
		}
	}

	@FunctionalInterface
	private interface TenantWork {
		void run(String tenant);
	}
}
