package provisioning.settings;

import java.util.List;

/** The tenant's targets at {@code version} (0: none saved yet). */
public record TargetSettings(int version, List<Target> targets) {
}
