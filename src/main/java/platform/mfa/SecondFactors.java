package platform.mfa;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

import org.springframework.stereotype.Service;

import platform.AppUser;
import platform.DomainException;
import platform.FailureBackoff;
import platform.PlatformAudit;
import platform.TenantTransactions;
import platform.mfa.SecondFactorRepository.Secret;

/**
 * The second factor of a local-password user: enrolment (a new secret, confirmed with a first
 * code, which also hands out ten recovery codes shown once), the code check after the password
 * (a TOTP code or an unused recovery code, throttled per account), turning it off, and the
 * tenant's policy. Enrolment, turning off, a recovery code used and a policy change are audited.
 */
@Service
class SecondFactors {

	static final String ISSUER = "JML Hub";
	static final int RECOVERY_CODES = 10;
	private static final String RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
	static final List<String> POLICIES = List.of("nobody", "admins", "everyone");

	/** What the enrolment page shows: the secret as text and as a QR code of its otpauth URI. */
	record Enrolment(String secret, String uri, String qrCode) {
	}

	/**
	 * Wrong codes back off as the password sign-in's defaults do: after 5, each further one blocks
	 * the account's checks for 1 s doubling up to 1 min. A six-digit code cannot be guessed at that pace.
	 */
	static final FailureBackoff.Policy THROTTLE = new FailureBackoff.Policy(5, Duration.ofSeconds(1), Duration.ofMinutes(1),
			Duration.ofMinutes(15));

	/** The outcome of a code check. */
	record Check(boolean accepted, long retryAfterSeconds) {
	}

	private final SecondFactorRepository repository;
	private final TotpSecrets secrets;
	private final FailureBackoff throttle;
	private final TenantTransactions transactions;
	private final PlatformAudit audit;
	private final Clock clock;
	private final SecureRandom random = new SecureRandom();

	SecondFactors(SecondFactorRepository repository, TotpSecrets secrets, TenantTransactions transactions,
			PlatformAudit audit, Clock clock) {
		this.repository = repository;
		this.secrets = secrets;
		this.throttle = new FailureBackoff(THROTTLE, clock);
		this.transactions = transactions;
		this.audit = audit;
		this.clock = clock;
	}

	/** {@code enrolled}, {@code required} (by the tenant, not enrolled yet) or {@code none}. */
	String status(AppUser user) {
		return repository.status(user.tenantId(), user.getUsername());
	}

	boolean available() {
		return secrets.available();
	}

	/**
	 * The secret for the user to scan: the pending one of an enrolment not confirmed yet (so a
	 * mistyped code does not mean scanning again), else a fresh one; 409 when they have a confirmed one.
	 */
	Enrolment startEnrolment(AppUser user) {
		if (!secrets.available()) {
			throw new DomainException.Conflict("The second factor is not configured on this server (SECRETS_KEYS).",
					"second-factor-unavailable");
		}
		byte[] secret = transactions.inTenant(user.tenantId(), () -> {
			Secret pending = repository.secret(user.getUsername()).orElse(null);
			if (pending != null && pending.confirmed()) {
				throw new DomainException.Conflict("You already use a second factor.", "second-factor-enrolled");
			}
			if (pending != null) {
				return secrets.open(pending.sealed());
			}
			byte[] fresh = new byte[20];
			random.nextBytes(fresh);
			repository.startEnrolment(user.tenantId(), user.getUsername(), secrets.seal(fresh), clock.instant());
			return fresh;
		});
		String text = Base32.encode(secret);
		String label = encode(ISSUER) + ":" + encode(user.getUsername() + "@" + user.tenantId());
		String uri = "otpauth://totp/" + label + "?secret=" + text + "&issuer=" + encode(ISSUER) + "&algorithm=SHA1&digits="
				+ Totp.DIGITS + "&period=" + Totp.STEP_SECONDS;
		return new Enrolment(text, uri, QrCodes.svgDataUri(uri));
	}

	/** Confirms the pending secret with a code from it; the recovery codes, shown this once. Empty: wrong code. */
	List<String> confirm(AppUser user, String code) {
		return transactions.inTenant(user.tenantId(), () -> {
			Secret secret = repository.secret(user.getUsername())
				.filter(s -> !s.confirmed())
				.orElseThrow(() -> new DomainException.Conflict("There is no enrolment to confirm: start again.",
						"second-factor-not-pending"));
			OptionalLong step = Totp.match(secrets.open(secret.sealed()), code, clock.instant(), null);
			if (step.isEmpty()) {
				return List.<String>of();
			}
			repository.confirm(user.getUsername(), step.getAsLong(), clock.instant());
			List<String> codes = recoveryCodes();
			repository.replaceRecoveryCodes(user.tenantId(), user.getUsername(), codes.stream().map(SecondFactors::hash).toList());
			audit.record(user.getUsername(), "user.second_factor_enrolled", Map.of("subject", user.getUsername()));
			return codes;
		});
	}

	/** Checks a TOTP code or a recovery code of an enrolled user, throttled per account. */
	Check verify(AppUser user, String code) {
		String account = user.getUsername() + "@" + user.tenantId();
		long blocked = throttle.blockedSeconds(account);
		if (blocked > 0) {
			return new Check(false, blocked);
		}
		boolean accepted = transactions.inTenant(user.tenantId(), () -> {
			Secret secret = repository.secret(user.getUsername()).filter(Secret::confirmed).orElse(null);
			if (secret == null) {
				return false;
			}
			OptionalLong step = secrets.available()
					? Totp.match(secrets.open(secret.sealed()), code, clock.instant(), secret.lastStep()) : OptionalLong.empty();
			if (step.isPresent()) {
				repository.used(user.getUsername(), step.getAsLong());
				return true;
			}
			String typed = code == null ? "" : code.strip().toLowerCase(Locale.ROOT);
			if (typed.matches("[a-z0-9]{4}(-[a-z0-9]{4}){3}") && repository.useRecoveryCode(user.getUsername(), hash(typed), clock.instant())) {
				audit.record(user.getUsername(), "user.second_factor_recovery_code_used", Map.of("subject", user.getUsername(),
						"left", repository.unusedRecoveryCodes(user.getUsername())));
				return true;
			}
			return false;
		});
		if (accepted) {
			throttle.succeeded(account);
		}
		else {
			throttle.failed(account);
		}
		return new Check(accepted, 0);
	}

	/** Turns the factor off with a current code; 409 when the tenant requires it of this user. */
	boolean disable(AppUser user, String code) {
		if (required(user)) {
			throw new DomainException.Conflict("Your organisation requires a second factor of you: it cannot be turned off.",
					"second-factor-required");
		}
		if (!verify(user, code).accepted()) {
			return false;
		}
		transactions.runInTenant(user.tenantId(), () -> {
			repository.remove(user.getUsername());
			audit.record(user.getUsername(), "user.second_factor_removed", Map.of("subject", user.getUsername()));
		});
		return true;
	}

	int unusedRecoveryCodes(AppUser user) {
		return transactions.readInTenant(user.tenantId(), () -> repository.unusedRecoveryCodes(user.getUsername()));
	}

	String policy(String tenantId) {
		return transactions.readInTenant(tenantId, repository::policy);
	}

	void setPolicy(AppUser admin, String requiredFor) {
		if (!POLICIES.contains(requiredFor)) {
			throw new DomainException.InvalidInput("requiredFor", "must be one of " + String.join(", ", POLICIES));
		}
		transactions.runInTenant(admin.tenantId(), () -> {
			String before = repository.policy();
			repository.setPolicy(admin.tenantId(), requiredFor, admin.getUsername(), clock.instant());
			audit.record(admin.getUsername(), "tenant.second_factor_policy_changed",
					Map.of("subject", "second_factor_policy", "before", before, "after", requiredFor));
		});
	}

	private boolean required(AppUser user) {
		String policy = policy(user.tenantId());
		return "everyone".equals(policy) || ("admins".equals(policy) && user.hasRole(platform.Role.ADMIN));
	}

	private List<String> recoveryCodes() {
		List<String> codes = new ArrayList<>(RECOVERY_CODES);
		for (int i = 0; i < RECOVERY_CODES; i++) {
			StringBuilder code = new StringBuilder();
			for (int j = 0; j < 16; j++) {
				if (j > 0 && j % 4 == 0) {
					code.append('-');
				}
				code.append(RECOVERY_ALPHABET.charAt(random.nextInt(RECOVERY_ALPHABET.length())));
			}
			codes.add(code.toString());
		}
		return codes;
	}

	static String hash(String recoveryCode) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(recoveryCode.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
	}

	private static String encode(String text) {
		return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
	}
}
