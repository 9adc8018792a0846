package provisioning.settings;

import java.util.List;

/** The tenant's entitlements at {@code version} (0: none saved yet). */
public record EntitlementSettings(int version, List<Entitlement> entitlements) {
}
