package access;

import java.time.Clock;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.springframework.stereotype.Service;

import platform.AppUser;
import platform.DomainException;
import platform.ExpectedVersion;
import platform.PlatformAudit;
import platform.TenantTransactions;
import platform.UserDirectory;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tenant's access catalog: read, and saved by its admin as new, audited versions (as the
 * provisioning entitlements are). A save is checked as a whole, each bad field named; nothing is
 * written unless all of it is good.
 */
@Service
public class AccessCatalog {

	private static final Pattern KEY = Pattern.compile("[a-z0-9][a-z0-9_-]{0,39}");

	/** The longest an approval may last: a year and a day is the ceiling any package may set. */
	static final int MAX_DAYS = 366;

	private final TenantTransactions transactions;
	private final CatalogRepository repository;
	private final UserDirectory directory;
	private final PlatformAudit audit;
	private final JsonMapper json;
	private final Clock clock;

	AccessCatalog(TenantTransactions transactions, CatalogRepository repository, UserDirectory directory,
			PlatformAudit audit, JsonMapper json, Clock clock) {
		this.transactions = transactions;
		this.repository = repository;
		this.directory = directory;
		this.audit = audit;
		this.json = json;
		this.clock = clock;
	}

	public AccessCatalogSettings packages(String tenantId) {
		return transactions.readInTenant(tenantId, this::stored);
	}

	/** Saves {@code packages} as the catalog's next version. */
	public AccessCatalogSettings save(AppUser admin, ExpectedVersion expected, List<AccessPackage> packages) {
		List<AccessPackage> given = packages == null ? List.of() : packages;
		return transactions.inTenant(admin.tenantId(), () -> {
			repository.lock();
			AccessCatalogSettings current = stored();
			expected.check(current.version(), "access catalog");
			Map<String, String> errors = validate(given);
			if (!errors.isEmpty()) {
				throw new DomainException.InvalidInput(errors);
			}
			int version = current.version() + 1;
			repository.insert(version, json.writeValueAsString(given), admin.getUsername(), clock.instant());
			audit.record(admin.getUsername(), "access.catalog.saved", Map.of("subject", "access-catalog", "version",
					version, "packages", given.stream().map(AccessPackage::key).toList()));
			return new AccessCatalogSettings(version, given);
		});
	}

	/** The catalog of the current unit of work's tenant. */
	AccessCatalogSettings stored() {
		return repository.current()
			.map(stored -> new AccessCatalogSettings(stored.version(),
					json.readValue(stored.document(), new TypeReference<List<AccessPackage>>() {
					})))
			.orElse(new AccessCatalogSettings(0, List.of()));
	}

	private Map<String, String> validate(List<AccessPackage> given) {
		Map<String, String> errors = new LinkedHashMap<>();
		Set<String> keys = new HashSet<>();
		given.stream().filter(p -> p != null && p.key() != null).forEach(p -> keys.add(p.key()));
		Set<String> seen = new HashSet<>();
		Set<String> groups = new HashSet<>(directory.groups());
		for (int i = 0; i < given.size(); i++) {
			AccessPackage p = given.get(i);
			String at = "packages[" + i + "].";
			if (p == null) {
				errors.put("packages[" + i + "]", "must be a package");
				continue;
			}
			if (p.key() == null || !KEY.matcher(p.key()).matches()) {
				errors.put(at + "key", "must be 1-40 lower-case letters, digits, '-' or '_'");
			}
			else if (!seen.add(p.key())) {
				errors.put(at + "key", "names another package of this list too");
			}
			if (p.name() == null || p.name().isBlank() || p.name().length() > 100) {
				errors.put(at + "name", "must be 1-100 characters");
			}
			if (p.description() != null && p.description().length() > 2000) {
				errors.put(at + "description", "must be at most 2000 characters");
			}
			if (p.entitlements().isEmpty()
					|| p.entitlements().stream().anyMatch(e -> e == null || e.isBlank() || e.length() > 100)) {
				errors.put(at + "entitlements", "must name 1 or more grant labels (1-100 characters each) it gives");
			}
			if (p.departments().stream().anyMatch(d -> d == null || d.isBlank())) {
				errors.put(at + "departments", "must not hold a blank department (empty: any employee user)");
			}
			if (p.policy() == null) {
				errors.put(at + "policy", "must be manager, group or manager_then_group");
			}
			else if (p.policy() == ApprovalPolicy.MANAGER) {
				if (p.group() != null) {
					errors.put(at + "group", "is for a group step: the manager policy has none");
				}
			}
			else if (p.group() == null || !groups.contains(p.group())) {
				errors.put(at + "group", "must name one of the tenant's groups");
			}
			if (p.quorum() != null && (p.quorum() < 1 || p.quorum() > 10)) {
				errors.put(at + "quorum", "must be 1-10 approvals");
			}
			else if (p.quorum() != null && p.quorum() > 1 && p.policy() == ApprovalPolicy.MANAGER) {
				errors.put(at + "quorum", "applies to a group step: the manager policy has one approver");
			}
			else if (p.group() != null && groups.contains(p.group())
					&& directory.eligibleApprovers(p.group()).size() < p.quorumOrOne()) {
				errors.put(at + "quorum", "group " + p.group() + " has fewer approvers than " + p.quorumOrOne());
			}
			if (p.maxDays() == null || p.maxDays() < 1 || p.maxDays() > MAX_DAYS) {
				errors.put(at + "maxDays", "must be 1-" + MAX_DAYS + " days");
			}
			for (String other : p.incompatibleWith()) {
				if (other == null || !keys.contains(other)) {
					errors.put(at + "incompatibleWith", "'" + other + "' is not a package of this list");
					break;
				}
				if (other.equals(p.key())) {
					errors.put(at + "incompatibleWith", "a package cannot be incompatible with itself");
					break;
				}
			}
		}
		return errors;
	}
}
