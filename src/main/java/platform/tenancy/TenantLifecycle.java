package platform.tenancy;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

import platform.AppUser;
import platform.DomainException;
import platform.PlatformAudit;
import platform.Role;
import platform.TenantTransactions;
import platform.admin.AdminUser;
import platform.admin.DirectoryAdministration;
import platform.admin.DirectoryCommands.NewUser;
import platform.tenancy.TenantCommands.NewTenant;
import platform.tenancy.TenantRepository.TenantRow;

/**
 * What a platform operator does to tenants. Each change runs in the target tenant's unit of work
 * and is audited there ({@code tenant.*}, actor {@code operator@their-tenant}); every action is
 * also audited in the operator's own tenant, after it committed, so the operator's trail lists
 * every tenant they touched, deleted ones included. An operator never suspends or deletes their
 * own tenant (they would lock themselves out).
 */
@Service
public class TenantLifecycle {

	static final List<String> FIRST_ADMIN_ROLES = List.of(Role.ADMIN.name(), Role.HR.name());
	private static final String PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
	private static final int PASSWORD_LENGTH = 20;

	private final TenantRepository tenants;
	private final SuspendedTenantCache suspensions;
	private final DirectoryAdministration directory;
	private final TenantTransactions transactions;
	private final PlatformAudit audit;
	private final Clock clock;
	private final Duration deletionGrace;
	private final SecureRandom random = new SecureRandom();

	TenantLifecycle(TenantRepository tenants, SuspendedTenantCache suspensions, DirectoryAdministration directory,
			TenantTransactions transactions, PlatformAudit audit, Clock clock,
			@Value("${jmlhub.tenants.deletion-grace:30d}") Duration deletionGrace) {
		this.tenants = tenants;
		this.suspensions = suspensions;
		this.directory = directory;
		this.transactions = transactions;
		this.audit = audit;
		this.clock = clock;
		this.deletionGrace = deletionGrace;
	}

	/** A tenant as operators see it; {@code deletableFrom} is set while it is suspended. */
	public record Tenant(String id, String name, String status, Instant createdAt, Instant suspendedAt, String suspendedBy,
			String suspensionReason, Instant deletableFrom, int personalDataRetentionDays, Long users, Long employees) {
	}

	/** A new tenant and its first admin, with the generated password shown this once. */
	public record CreatedTenant(Tenant tenant, AdminUser admin, String password) {
	}

	public List<Tenant> list() {
		return tenants.overview().stream().map(this::tenant).toList();
	}

	public Tenant get(String id) {
		return tenant(existing(id));
	}

	public CreatedTenant create(AppUser operator, NewTenant request) {
		String id = request.id();
		String password = generatedPassword();
		CreatedTenant created = transactions.inTenant(id, () -> {
			if (!tenants.insert(id, request.name().strip(), request.retentionDays(), clock.instant())) {
				throw new DomainException.Conflict("A tenant " + id + " already exists.", "tenant-exists");
			}
			AdminUser admin = directory.create(actorIn(operator, id), new NewUser(request.admin().username(),
					request.admin().username(), request.admin().email().strip(), FIRST_ADMIN_ROLES, password));
			audit.record(actor(operator), "tenant.created", detail(id, "name", request.name().strip(), "admin",
					admin.username(), "personalDataRetentionDays", request.retentionDays()));
			return new CreatedTenant(tenant(tenants.find(id).orElseThrow()), admin, password);
		});
		auditByOperator(operator, "tenant.created", id);
		return created;
	}

	public Tenant suspend(AppUser operator, String id, String reason) {
		notOwn(operator, id, "suspend");
		String why = reason == null || reason.isBlank() ? null : reason.strip();
		Tenant tenant = transactions.inTenant(id, () -> {
			TenantRow row = existing(id);
			if (!tenants.suspend(id, actor(operator), why, clock.instant())) {
				throw new DomainException.Conflict("Tenant " + id + " is " + row.status() + ", not active.", "tenant-not-active");
			}
			audit.record(actor(operator), "tenant.suspended", detail(id, "reason", why == null ? "" : why));
			return tenant(tenants.find(id).orElseThrow());
		});
		suspensions.invalidate();
		auditByOperator(operator, "tenant.suspended", id);
		return tenant;
	}

	public Tenant resume(AppUser operator, String id) {
		Tenant tenant = transactions.inTenant(id, () -> {
			TenantRow row = existing(id);
			if (!tenants.resume(id)) {
				throw new DomainException.Conflict("Tenant " + id + " is " + row.status() + ", not suspended.",
						"tenant-not-suspended");
			}
			audit.record(actor(operator), "tenant.resumed", detail(id));
			return tenant(tenants.find(id).orElseThrow());
		});
		suspensions.invalidate();
		auditByOperator(operator, "tenant.resumed", id);
		return tenant;
	}

	/**
	 * Deletes a tenant suspended for at least the grace period ({@code jmlhub.tenants.deletion-grace},
	 * 30 days by default) with every row it has; returns the number of rows deleted.
	 */
	public long delete(AppUser operator, String id) {
		notOwn(operator, id, "delete");
		long rows = transactions.inTenant(id, () -> {
			TenantRow row = existing(id);
			if (!row.suspended()) {
				throw new DomainException.Conflict("Tenant " + id + " is active: suspend it first; it can be deleted "
						+ deletionGrace.toDays() + " days after that.", "tenant-not-suspended");
			}
			Instant from = row.suspendedAt().plus(deletionGrace);
			if (clock.instant().isBefore(from)) {
				throw new DomainException.Conflict("Tenant " + id + " can be deleted from " + from
						+ ", when its grace period after the suspension has passed.", "tenant-grace-period");
			}
			return tenants.purge(id);
		});
		suspensions.invalidate();
		transactions.runInTenant(operator.tenantId(),
				() -> audit.record(operator.getUsername(), "tenant.deleted", detail(id, "rows", rows)));
		return rows;
	}

	/** Audits an export of the tenant in its trail and the operator's; the export itself reads nothing here. */
	public void exporting(AppUser operator, String id) {
		transactions.runInTenant(id, () -> {
			existing(id);
			audit.record(actor(operator), "tenant.exported", detail(id));
		});
		auditByOperator(operator, "tenant.exported", id);
	}

	private TenantRow existing(String id) {
		return transactions.readInTenant(id, () -> tenants.find(id))
			.orElseThrow(() -> new DomainException.NotFound("No tenant " + id + "."));
	}

	private Tenant tenant(TenantRow row) {
		return new Tenant(row.id(), row.name(), row.status(), row.createdAt(), row.suspendedAt(), row.suspendedBy(),
				row.suspensionReason(), row.suspendedAt() == null ? null : row.suspendedAt().plus(deletionGrace),
				row.personalDataRetentionDays(), row.users() < 0 ? null : row.users(),
				row.employees() < 0 ? null : row.employees());
	}

	private static void notOwn(AppUser operator, String id, String verb) {
		if (operator.tenantId().equals(id)) {
			throw new DomainException.Conflict("You cannot " + verb + " your own tenant: you would lock yourself out.",
					"own-tenant");
		}
	}

	private void auditByOperator(AppUser operator, String action, String id) {
		if (!operator.tenantId().equals(id)) {
			transactions.runInTenant(operator.tenantId(), () -> audit.record(operator.getUsername(), action, detail(id)));
		}
	}

	/** The operator as they appear in another tenant's trail. */
	private static String actor(AppUser operator) {
		return operator.getUsername() + "@" + operator.tenantId();
	}

	/** The operator acting inside the new tenant, for the directory's own checks and audit. */
	private static AppUser actorIn(AppUser operator, String tenantId) {
		return new AppUser(actor(operator), tenantId, tenantId, operator.displayName(), Set.of(Role.ADMIN), Set.of(), true,
				null);
	}

	private static Map<String, Object> detail(String id, Object... pairs) {
		Map<String, Object> detail = new LinkedHashMap<>();
		detail.put("subject", id);
		for (int i = 0; i < pairs.length; i += 2) {
			detail.put((String) pairs[i], pairs[i + 1]);
		}
		return detail;
	}

	private String generatedPassword() {
		StringBuilder password = new StringBuilder(PASSWORD_LENGTH);
		for (int i = 0; i < PASSWORD_LENGTH; i++) {
			password.append(PASSWORD_ALPHABET.charAt(random.nextInt(PASSWORD_ALPHABET.length())));
		}
		return password.toString();
	}
}
