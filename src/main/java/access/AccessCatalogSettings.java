package access;

import java.util.List;
import java.util.Optional;

/** The tenant's access catalog at {@code version} (0: none saved yet). */
public record AccessCatalogSettings(int version, List<AccessPackage> packages) {

	public AccessCatalogSettings {
		packages = packages == null ? List.of() : List.copyOf(packages);
	}

	public Optional<AccessPackage> find(String key) {
		return packages.stream().filter(p -> p.key().equals(key)).findFirst();
	}
}
