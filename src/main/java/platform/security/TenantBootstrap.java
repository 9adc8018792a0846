package platform.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

import platform.TenantTransactions;
import platform.StartupRefusedException;
import tools.jackson.databind.json.JsonMapper;
import platform.Role;

/**
 * Creates the first tenant and its admin on a database without any tenant, from
 * {@code JMLHUB_BOOTSTRAP_*}. Once any tenant exists it changes nothing (so it never resets a
 * password, and later starts with the same variables are no-ops). The admin gets ADMIN and HR
 * (the first person can hire before anyone else exists), with {@code JMLHUB_BOOTSTRAP_ADMIN_GROUPS}
 * also APPROVER in those groups, and is the first platform operator; the creation is audited in
 * {@code platform_audit}.
 */
@Component
public class TenantBootstrap {

	private static final Logger log = LoggerFactory.getLogger(TenantBootstrap.class);

	static final List<Role> ADMIN_ROLES = List.of(Role.ADMIN, Role.HR);
	static final String ACTOR = "bootstrap";

	// tenant ids appear in URLs, logs and app.tenant_id; keep them plain
	private static final Pattern TENANT_ID = Pattern.compile("[a-z0-9][a-z0-9_-]{0,62}");
	private static final int MIN_PASSWORD_LENGTH = 12;

	private final BootstrapProperties properties;
	private final BootstrapRepository repository;
	private final OperatorRepository operators;
	private final PlatformAuditRepository audit;
	private final TenantTransactions transactions;
	private final PasswordEncoder encoder;
	private final JsonMapper json;

	TenantBootstrap(BootstrapProperties properties, BootstrapRepository repository, OperatorRepository operators,
			PlatformAuditRepository audit, TenantTransactions transactions, PasswordEncoder encoder, JsonMapper json) {
		this.properties = properties;
		this.repository = repository;
		this.operators = operators;
		this.audit = audit;
		this.transactions = transactions;
		this.encoder = encoder;
		this.json = json;
	}

	/** Runs at startup, after the migrations and the runtime-role check. */
	public void run() {
		if (!properties.anySet()) {
			if (!repository.anyTenantExists()) {
				log.warn("The database has no tenant yet, so nobody can sign in. Set JMLHUB_BOOTSTRAP_TENANT_ID, "
						+ "JMLHUB_BOOTSTRAP_TENANT_NAME, JMLHUB_BOOTSTRAP_ADMIN_USERNAME and "
						+ "JMLHUB_BOOTSTRAP_ADMIN_PASSWORD (or _PASSWORD_FILE) and restart (README, \"Production\").");
			}
			return;
		}
		Request request = validated();
		if (repository.anyTenantExists()) {
			boolean ours = transactions.readInTenant(request.tenantId(), () -> repository.tenantExists(request.tenantId()));
			log.info(ours ? "Bootstrap: tenant {} exists; nothing changed (the admin's password is never reset)"
					: "Bootstrap: the database already has tenants, none of them {}; JMLHUB_BOOTSTRAP_* ignored",
					request.tenantId());
			return;
		}
		String hash = encoder.encode(request.password());
		boolean created = transactions.inTenant(request.tenantId(), () -> {
			if (!repository.insertTenant(request.tenantId(), request.tenantName())) {
				return false;
			}
			repository.insertAdmin(request.tenantId(), request.username(), hash, request.roles(), request.groups());
			operators.grant(request.tenantId(), request.username(), ACTOR);
			audit.record(request.tenantId(), ACTOR, "tenant_bootstrapped", json.writeValueAsString(Map.of(
					"tenantName", request.tenantName(), "admin", request.username(), "roles", request.roles(),
					"groups", request.groups(), "platformOperator", true)));
			return true;
		});
		if (created) {
			log.info("Bootstrap: created tenant {} ({}) and its admin {} (roles {}, groups {}; platform operator)",
					request.tenantId(), request.tenantName(), request.username(), request.roles(), request.groups());
		}
	}

	record Request(String tenantId, String tenantName, String username, String password, List<String> groups) {

		List<Role> roles() {
			return groups.isEmpty() ? ADMIN_ROLES : List.of(Role.ADMIN, Role.HR, Role.APPROVER);
		}
	}

	private Request validated() {
		List<String> missing = new ArrayList<>();
		require(properties.tenantId(), "JMLHUB_BOOTSTRAP_TENANT_ID", missing);
		require(properties.tenantName(), "JMLHUB_BOOTSTRAP_TENANT_NAME", missing);
		require(properties.adminUsername(), "JMLHUB_BOOTSTRAP_ADMIN_USERNAME", missing);
		boolean inline = StringUtils.hasText(properties.adminPassword());
		boolean file = StringUtils.hasText(properties.adminPasswordFile());
		if (!inline && !file) {
			missing.add("JMLHUB_BOOTSTRAP_ADMIN_PASSWORD (or JMLHUB_BOOTSTRAP_ADMIN_PASSWORD_FILE)");
		}
		if (!missing.isEmpty()) {
			throw refused("the bootstrap is incomplete: " + String.join(", ", missing) + " not set.");
		}
		if (inline && file) {
			throw refused("both JMLHUB_BOOTSTRAP_ADMIN_PASSWORD and JMLHUB_BOOTSTRAP_ADMIN_PASSWORD_FILE are set.");
		}
		String tenantId = properties.tenantId().strip();
		if (!TENANT_ID.matcher(tenantId).matches()) {
			throw refused("JMLHUB_BOOTSTRAP_TENANT_ID '" + tenantId
					+ "' is not a tenant id (lower-case letters, digits, '-' and '_').");
		}
		String password = inline ? properties.adminPassword() : passwordFromFile(properties.adminPasswordFile().strip());
		if (password.length() < MIN_PASSWORD_LENGTH) {
			throw refused("the bootstrap admin password is shorter than " + MIN_PASSWORD_LENGTH + " characters.");
		}
		return new Request(tenantId, properties.tenantName().strip(), properties.adminUsername().strip(), password,
				properties.adminGroups());
	}

	private static String passwordFromFile(String file) {
		try {
			// a trailing newline from `echo ... > file` is not part of the password
			return Files.readString(Path.of(file), StandardCharsets.UTF_8).strip();
		}
		catch (IOException e) {
			throw refused("JMLHUB_BOOTSTRAP_ADMIN_PASSWORD_FILE " + file + " cannot be read ("
					+ e.getClass().getSimpleName() + ").");
		}
	}

	private static void require(String value, String variable, List<String> missing) {
		if (!StringUtils.hasText(value)) {
			missing.add(variable);
		}
	}

	private static StartupRefusedException refused(String problem) {
		return new StartupRefusedException(problem,
				"Set all of JMLHUB_BOOTSTRAP_TENANT_ID, JMLHUB_BOOTSTRAP_TENANT_NAME, JMLHUB_BOOTSTRAP_ADMIN_USERNAME and "
						+ "one of JMLHUB_BOOTSTRAP_ADMIN_PASSWORD / JMLHUB_BOOTSTRAP_ADMIN_PASSWORD_FILE (at least "
						+ MIN_PASSWORD_LENGTH + " characters), or none of them.");
	}
}
