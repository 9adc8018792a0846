package provisioning.demo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import platform.AppUser;
import platform.ExpectedVersion;
import platform.Role;
import provisioning.settings.Entitlement;
import provisioning.settings.ProvisioningSettings;
import provisioning.settings.Target;

/**
 * Points acme at the demo directory: its target and the entitlement of the joiner's
 * {@code accounts} grant (IT's approval gives it): {@code uid={username}} under the department's
 * OU, in {@code all-staff} and the department's group; and the leaver's {@code access_revocation}
 * (IT's approval of a leaver), which disables those accounts at the end of the last day (moved
 * under {@code ou=disabled}, out of their groups) and deletes them 30 days later; and one per package of the
 * demo's access catalog (access.demo), which adds the account to the package's group until the access ends
 * ({@code "undo": "groups"}). Saved through {@link ProvisioningSettings}
 * as acme's admin would, once the application has started and before the demo story hires anyone;
 * a restart on the same database keeps what is saved (the target's port is the configured one).
 */
@Component
@ConditionalOnBooleanProperty({ "jmlhub.demo", "jmlhub.demo-story" })
class DemoDirectorySetup {

	private static final Logger log = LoggerFactory.getLogger(DemoDirectorySetup.class);

	static final String TENANT = "acme";
	static final String TARGET = "acme-directory";
	static final String GRANT = "accounts";
	static final String REVOCATION = "access_revocation";
	static final int DELETE_AFTER_DAYS = 30;

	private final ProvisioningSettings settings;
	private final DemoDirectoryServer directory;

	DemoDirectorySetup(ProvisioningSettings settings, DemoDirectoryServer directory) {
		this.settings = settings;
		this.directory = directory;
	}

	// started, not ready: the demo story begins once the application is ready
	@EventListener(ApplicationStartedEvent.class)
	void pointAcmeAtTheDemoDirectory() {
		if (settings.targets(TENANT).version() > 0) {
			return;
		}
		// acme's demo admin, as the audit trail names who saved the settings
		AppUser admin = new AppUser("ada", TENANT, "Acme Corp", "Ada Admin", Set.of(Role.ADMIN), Set.of(), true, null);
		settings.saveTargets(admin, new ExpectedVersion(0, ExpectedVersion.Source.BODY), List.of(new Target(TARGET, directory.url(),
				DemoDirectoryServer.ADMIN_DN, DemoDirectoryServer.ADMIN_PASSWORD, null, DemoDirectoryServer.BASE_DN,
				DemoDirectoryServer.PEOPLE_OU, Target.OPENLDAP)));
		Map<String, List<String>> departmentGroups = new LinkedHashMap<>();
		DemoDirectoryServer.DEPARTMENTS.forEach(department -> departmentGroups.put(department,
				List.of(DemoDirectoryServer.groupDn(department.toLowerCase(Locale.ROOT)))));
		List<Entitlement> entitlements = new ArrayList<>(List.of(
				new Entitlement(GRANT, TARGET, "uid={username}", true, Map.of(), List.of(DemoDirectoryServer.groupDn("all-staff")),
						departmentGroups),
				Entitlement.revocation(REVOCATION, TARGET, Entitlement.DEFAULT_DISABLED_OU, DELETE_AFTER_DAYS)));
		// the access packages: the same account (naming rule and OU) as the joiner's, one group each;
		// their end takes the group back and leaves the account
		new TreeMap<>(DemoDirectoryServer.PACKAGE_GROUPS).forEach((grant, group) -> entitlements.add(new Entitlement(
				grant, TARGET, "uid={username}", true, Map.of(), List.of(DemoDirectoryServer.groupDn(group)), Map.of(),
				Entitlement.GROUPS, null)));
		int version = settings.entitlements(TENANT).version();
		settings.saveEntitlements(admin, new ExpectedVersion(version, ExpectedVersion.Source.BODY), entitlements);
		log.info("Demo: acme's '{}' grant provisions accounts in the demo directory {}, its '{}' grant disables them, "
				+ "its access packages' grants {} add their groups", GRANT, directory.url(), REVOCATION,
				new TreeSet<>(DemoDirectoryServer.PACKAGE_GROUPS.keySet()));
	}
}
