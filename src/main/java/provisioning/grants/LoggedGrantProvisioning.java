package provisioning.grants;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Fallback;
import org.springframework.stereotype.Component;

import provisioning.GrantProvisioning;
import provisioning.ProvisioningRequest;

/**
 * The default {@link GrantProvisioning}: no system is connected, so a grant change is only logged
 * and counts as done. Any other bean of the port replaces it ({@code @Fallback}).
 */
@Component
@Fallback
class LoggedGrantProvisioning implements GrantProvisioning {

	private static final Logger log = LoggerFactory.getLogger(LoggedGrantProvisioning.class);

	@Override
	public void provision(ProvisioningRequest request) {
		log.info("Grant {} {} for employee {} (run {}, tenant {}): no provisioning integration is configured, nothing "
				+ "external was called", request.grant(), request.status().value(), request.employeeId(), request.runId(),
				request.tenantId());
	}
}
