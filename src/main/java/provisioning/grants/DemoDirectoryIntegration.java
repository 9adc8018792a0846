package provisioning.grants;

import java.util.Locale;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

import provisioning.GrantProvisioning;
import provisioning.ProvisioningRequest;

/**
 * The embedded demo's directory, which fails on purpose so that the demo shows a dead letter: it
 * refuses every grant of one employee of the demo story (Noah Becker in acme, whom IT approves, so
 * his {@code accounts} grant is recorded) for good, and does what the default does for everyone
 * else. Only with the demo and its story on ({@code jmlhub.demo} is refused outside the embedded
 * database; the tests' configuration turns the story off).
 */
@Component
@ConditionalOnBooleanProperty({ "jmlhub.demo", "jmlhub.demo-story" })
class DemoDirectoryIntegration implements GrantProvisioning {

	static final String TENANT = "acme";

	/** As platform.demo.DemoStory hires him. */
	static final String REFUSED_EMAIL = "noah.becker@example.com";

	private final LoggedGrantProvisioning otherwise = new LoggedGrantProvisioning();

	@Override
	public void provision(ProvisioningRequest request) {
		if (TENANT.equals(request.tenantId()) && request.employeeEmail() != null
				&& REFUSED_EMAIL.equals(request.employeeEmail().toLowerCase(Locale.ROOT))) {
			throw new Refused("The demo's deliberately failing directory integration refuses grant '" + request.grant()
					+ "' (" + request.status().value() + ") for " + request.employeeEmail()
					+ ": this dead letter is part of the demo; retrying it fails the same way");
		}
		otherwise.provision(request);
	}
}
