package provisioning.effects;

import outbox.catalog.GrantRecorded;
import provisioning.settings.Entitlement;

/** What an effect applies, stored with it when planned: the employee and the entitlement as they were then. */
record EffectRequest(GrantRecorded.Employee employee, Entitlement entitlement) {
}
