package provisioning.settings;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import org.springframework.stereotype.Service;

import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.RDN;

import platform.AppUser;
import platform.DomainException;
import platform.ExpectedVersion;
import platform.PlatformAudit;
import platform.SecretStore;
import platform.TenantTransactions;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tenant's targets and entitlements: read, and saved by its admin as new, audited versions.
 * Bind secrets are sealed by the {@link SecretStore} and leave only towards the directory
 * ({@link #resolve}); answers and the audit trail never carry them.
 */
@Service
public class ProvisioningSettings {

	static final String TARGETS = "targets";
	static final String ENTITLEMENTS = "entitlements";

	private static final Pattern KEY = Pattern.compile("[a-z0-9][a-z0-9_-]{0,39}");
	private static final Pattern NAMING = Pattern.compile("[A-Za-z][A-Za-z0-9-]*=.*\\{[a-zA-Z]+\\}.*");

	/** A target and entitlement together, the target's secret opened: what the adapter needs. */
	public record Resolved(Entitlement entitlement, Target target) {
	}

	private final TenantTransactions transactions;
	private final SettingsRepository repository;
	private final SecretStore secrets;
	private final PlatformAudit audit;
	private final JsonMapper json;
	private final Clock clock;

	ProvisioningSettings(TenantTransactions transactions, SettingsRepository repository, SecretStore secrets,
			PlatformAudit audit, JsonMapper json, Clock clock) {
		this.transactions = transactions;
		this.repository = repository;
		this.secrets = secrets;
		this.audit = audit;
		this.json = json;
		this.clock = clock;
	}

	public TargetSettings targets(String tenantId) {
		return transactions.readInTenant(tenantId, () -> {
			TargetSettings stored = storedTargets();
			return new TargetSettings(stored.version(),
					stored.targets().stream().map(t -> t.shown(t.bindPassword() != null)).toList());
		});
	}

	public EntitlementSettings entitlements(String tenantId) {
		return transactions.readInTenant(tenantId, this::storedEntitlements);
	}

	/** Saves {@code targets} as the next version; a target without a password keeps its stored one. */
	public TargetSettings saveTargets(AppUser admin, ExpectedVersion expected, List<Target> targets) {
		Map<String, String> errors = new LinkedHashMap<>();
		List<Target> given = targets == null ? List.of() : targets;
		return transactions.inTenant(admin.tenantId(), () -> {
			repository.lock(TARGETS);
			TargetSettings current = storedTargets();
			expected.check(current.version(), "targets");
			Set<String> keys = new HashSet<>();
			List<Target> sealed = new ArrayList<>();
			for (int i = 0; i < given.size(); i++) {
				Target target = given.get(i);
				String at = "targets[" + i + "].";
				if (target == null) {
					errors.put("targets[" + i + "]", "must be a target");
					continue;
				}
				if (target.key() == null || !KEY.matcher(target.key()).matches()) {
					errors.put(at + "key", "must be 1-40 lower-case letters, digits, '-' or '_'");
				}
				else if (!keys.add(target.key())) {
					errors.put(at + "key", "names another target of this list too");
				}
				if (target.url() == null || !target.url().matches("ldaps?://[A-Za-z0-9.\\-\\[\\]:]+(:\\d{1,5})?/?")) {
					errors.put(at + "url", "must be ldap://host[:port] or ldaps://host[:port]");
				}
				requireDn(errors, at + "bindDn", target.bindDn());
				requireDn(errors, at + "baseDn", target.baseDn());
				if (target.peopleOu() == null || !RDN.isValidRDN(target.peopleOu())) {
					errors.put(at + "peopleOu", "must be one RDN such as ou=people");
				}
				if (!Target.OPENLDAP.equals(target.profile()) && !Target.ACTIVE_DIRECTORY.equals(target.profile())) {
					errors.put(at + "profile", "must be openldap or active_directory");
				}
				Optional<Target> before = current.targets().stream().filter(t -> t.key().equals(target.key())).findFirst();
				String secret;
				if (target.bindPassword() != null && !target.bindPassword().isEmpty()) {
					secret = secrets.configured() ? secrets.seal(target.bindPassword()) : null;
					if (secret == null) {
						errors.put(at + "bindPassword", "cannot be stored: no secret key is configured (SECRETS_KEYS)");
					}
				}
				else {
					secret = before.map(Target::bindPassword).orElse(null);
					if (secret == null) {
						errors.put(at + "bindPassword", "is required for a new target");
					}
				}
				sealed.add(new Target(target.key(), target.url(), target.bindDn(), secret, null, target.baseDn(),
						target.peopleOu(), target.profile()));
			}
			if (!errors.isEmpty()) {
				throw new DomainException.InvalidInput(errors);
			}
			int version = current.version() + 1;
			repository.insert(TARGETS, version, json.writeValueAsString(sealed), admin.getUsername(), clock.instant());
			audit.record(admin.getUsername(), "provisioning.targets.saved", Map.of("subject", "provisioning-targets",
					"version", version, "targets", sealed.stream().map(Target::key).toList()));
			return new TargetSettings(version, sealed.stream().map(t -> t.shown(true)).toList());
		});
	}

	public EntitlementSettings saveEntitlements(AppUser admin, ExpectedVersion expected, List<Entitlement> entitlements) {
		Map<String, String> errors = new LinkedHashMap<>();
		List<Entitlement> given = entitlements == null ? List.of() : entitlements;
		return transactions.inTenant(admin.tenantId(), () -> {
			repository.lock(ENTITLEMENTS);
			EntitlementSettings current = storedEntitlements();
			expected.check(current.version(), "entitlements");
			Map<String, Target> targetsByKey = new LinkedHashMap<>();
			storedTargets().targets().forEach(target -> targetsByKey.put(target.key(), target));
			Set<String> targetKeys = targetsByKey.keySet();
			Set<String> pairs = new HashSet<>();
			for (int i = 0; i < given.size(); i++) {
				Entitlement entitlement = given.get(i);
				String at = "entitlements[" + i + "].";
				if (entitlement == null) {
					errors.put("entitlements[" + i + "]", "must be an entitlement");
					continue;
				}
				if (entitlement.grant() == null || entitlement.grant().isBlank() || entitlement.grant().length() > 100) {
					errors.put(at + "grant", "must be the grant label a stage gives (1-100 characters)");
				}
				if (entitlement.target() == null || !targetKeys.contains(entitlement.target())) {
					errors.put(at + "target", "must name one of the tenant's targets");
				}
				else if (!pairs.add(entitlement.grant() + "\n" + entitlement.target())) {
					errors.put(at + "target", "this grant has another entitlement on this target in the list");
				}
				if (!entitlement.revoking()
						&& (entitlement.naming() == null || !NAMING.matcher(entitlement.naming()).matches())) {
					errors.put(at + "naming", "must be attribute={placeholder}, such as uid={username} or cn={displayName}");
				}
				else if (targetKeys.contains(entitlement.target())
						&& Target.ACTIVE_DIRECTORY.equals(targetsByKey.get(entitlement.target()).profile())
						&& !entitlement.naming().regionMatches(true, 0, "cn=", 0, 3)) {
					// Active Directory names a user by cn only: another RDN attribute is a naming violation
					errors.put(at + "naming", "must be cn={placeholder} on an Active Directory target, such as cn={displayName}");
				}
				if (entitlement.undo() != null && !Entitlement.DELETE.equals(entitlement.undo())
						&& !Entitlement.DISABLE.equals(entitlement.undo()) && !Entitlement.GROUPS.equals(entitlement.undo())) {
					errors.put(at + "undo", "must be delete, disable or groups");
				}
				if (entitlement.deleteAfterDays() != null
						&& (!entitlement.revoking() || entitlement.deleteAfterDays() < 0 || entitlement.deleteAfterDays() > 3650)) {
					errors.put(at + "deleteAfterDays", "must be 0-3650 days, on a revocation (revokes: true)");
				}
				if (Boolean.TRUE.equals(entitlement.enableOnStartDate()) && entitlement.revoking()) {
					errors.put(at + "enableOnStartDate", "applies to an account a grant creates, not to a revocation (revokes: true)");
				}
				if (entitlement.disabledOu() != null && !RDN.isValidRDN(entitlement.disabledOu())) {
					errors.put(at + "disabledOu", "must be one RDN such as ou=disabled");
				}
				entitlement.attributes().keySet().stream().filter(name -> !name.matches("[A-Za-z][A-Za-z0-9-]{0,59}"))
					.findFirst().ifPresent(name -> errors.put(at + "attributes", "'" + name + "' is not an attribute name"));
				List<String> dns = new ArrayList<>(entitlement.groups());
				entitlement.departmentGroups().values().forEach(dns::addAll);
				dns.stream().filter(dn -> dn == null || !DN.isValidDN(dn)).findFirst()
					.ifPresent(dn -> errors.put(at + "groups", "'" + dn + "' is not a DN"));
			}
			if (!errors.isEmpty()) {
				throw new DomainException.InvalidInput(errors);
			}
			int version = current.version() + 1;
			repository.insert(ENTITLEMENTS, version, json.writeValueAsString(given), admin.getUsername(), clock.instant());
			audit.record(admin.getUsername(), "provisioning.entitlements.saved", Map.of("subject", "provisioning-entitlements",
					"version", version, "entitlements", given.stream().map(e -> e.grant() + " @ " + e.target()).toList()));
			return new EntitlementSettings(version, given);
		});
	}

	/**
	 * What grant {@code grant} means, per target, the bind secret opened. Call inside the tenant's
	 * unit of work; the answer goes to the directory only.
	 */
	public List<Resolved> resolve(String grant) {
		Map<String, Target> targets = new LinkedHashMap<>();
		storedTargets().targets().forEach(target -> targets.put(target.key(), target));
		return storedEntitlements().entitlements().stream()
			.filter(entitlement -> entitlement.grant().equals(grant) && targets.containsKey(entitlement.target()))
			.map(entitlement -> new Resolved(entitlement, opened(targets.get(entitlement.target()))))
			.toList();
	}

	/** The target {@code key} of the current tenant, its secret opened. */
	public Optional<Target> target(String key) {
		return storedTargets().targets().stream().filter(t -> t.key().equals(key)).findFirst().map(this::opened);
	}

	private Target opened(Target target) {
		return new Target(target.key(), target.url(), target.bindDn(), secrets.open(target.bindPassword()), true,
				target.baseDn(), target.peopleOu(), target.profile());
	}

	private TargetSettings storedTargets() {
		return repository.current(TARGETS)
			.map(stored -> new TargetSettings(stored.version(),
					json.readValue(stored.document(), new TypeReference<List<Target>>() {
					})))
			.orElse(new TargetSettings(0, List.of()));
	}

	private EntitlementSettings storedEntitlements() {
		return repository.current(ENTITLEMENTS)
			.map(stored -> new EntitlementSettings(stored.version(),
					json.readValue(stored.document(), new TypeReference<List<Entitlement>>() {
					})))
			.orElse(new EntitlementSettings(0, List.of()));
	}

	private static void requireDn(Map<String, String> errors, String field, String dn) {
		if (dn == null || dn.isBlank() || !DN.isValidDN(dn)) {
			errors.put(field, "must be a distinguished name such as cn=admin,dc=example,dc=org");
		}
	}
}
