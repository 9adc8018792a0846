package provisioning.effects;

import java.time.Instant;

import outbox.catalog.GrantRecorded;
import provisioning.settings.Entitlement;

/**
 * What an effect applies, stored with it when planned: the employee and the entitlement as they
 * were then; {@code disabledUntil} is set on an {@code ensure} that creates the account disabled
 * until its {@code enable} (due then: the employee's start date), null otherwise.
 */
record EffectRequest(GrantRecorded.Employee employee, Entitlement entitlement, Instant disabledUntil) {

	EffectRequest(GrantRecorded.Employee employee, Entitlement entitlement) {
		this(employee, entitlement, null);
	}

	/** Whether the account is created disabled, to be enabled by a later effect. */
	boolean createsDisabled() {
		return disabledUntil != null;
	}
}
