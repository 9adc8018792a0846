package platform;

import java.util.List;

/**
 * What a module adds to the console's navigation: each module's web room has one as a bean, so
 * the layout lists no page itself. The entries are fixed; who sees which is decided per request
 * from {@link NavEntry#requiredRole()} and {@link NavEntry#operatorOnly()}.
 */
public interface NavigationContributor {

	List<NavEntry> navEntries();
}
