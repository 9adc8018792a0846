package platform.security;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.springframework.stereotype.Service;

import platform.AppUser;
import platform.DomainException;
import platform.OutboundRequests;
import platform.PlatformAudit;
import platform.Role;
import platform.TenantTransactions;
import platform.UserDirectory;
import platform.security.SsoSettings.Mapping;

/**
 * The tenant admin's single sign-on configuration. A save is checked (a reachable issuer that
 * answers OpenID discovery, known roles and groups) and audited without the secret.
 */
@Service
public class SsoAdministration {

	private static final Pattern CLAIM = Pattern.compile("[A-Za-z0-9_.:/-]{1,100}");

	private final TenantTransactions transactions;
	private final SsoRepository repository;
	private final UserDirectory directory;
	private final PlatformAudit audit;
	private final TenantClientRegistrations registrations;

	SsoAdministration(TenantTransactions transactions, SsoRepository repository, UserDirectory directory,
			PlatformAudit audit, TenantClientRegistrations registrations) {
		this.registrations = registrations;
		this.transactions = transactions;
		this.repository = repository;
		this.directory = directory;
		this.audit = audit;
	}

	/** What a save sends; {@code clientSecret} null keeps the saved one. */
	public record SsoRequest(String issuerUri, String clientId, String clientSecret, String emailClaim, String groupsClaim,
			Boolean localPasswords, List<Mapping> mappings) {
	}

	/** The configuration as the admin reads it: the secret is never shown. */
	public record SsoView(boolean configured, String issuerUri, String clientId, boolean clientSecretSet, String emailClaim,
			String groupsClaim, boolean localPasswords, List<Mapping> mappings) {

		static SsoView of(SsoSettings s) {
			return new SsoView(true, s.issuerUri(), s.clientId(), true, s.emailClaim(), s.groupsClaim(), s.localPasswords(),
					s.mappings());
		}

		static final SsoView NONE = new SsoView(false, null, null, false, "email", "groups", true, List.of());
	}

	public SsoView get(String tenantId) {
		return transactions.readInTenant(tenantId, () -> repository.find().map(SsoView::of).orElse(SsoView.NONE));
	}

	public SsoView save(AppUser admin, SsoRequest request) {
		SsoSettings current = transactions.readInTenant(admin.tenantId(), () -> repository.find().orElse(null));
		List<String> groups = transactions.readInTenant(admin.tenantId(), directory::groups);
		Map<String, String> errors = new LinkedHashMap<>();
		String issuer = strip(request.issuerUri());
		if (issuer == null || !(issuer.startsWith("https://") || issuer.startsWith("http://")) || !validUri(issuer)) {
			errors.put("issuerUri", "must be the issuer's http(s) URL");
		}
		String clientId = strip(request.clientId());
		if (clientId == null || clientId.length() > 200) {
			errors.put("clientId", "is required (at most 200 characters)");
		}
		String secret = request.clientSecret() != null ? request.clientSecret() : current == null ? null : current.clientSecret();
		if (secret == null || secret.isBlank() || secret.length() > 500) {
			errors.put("clientSecret", "is required (at most 500 characters)");
		}
		String emailClaim = request.emailClaim() == null ? "email" : request.emailClaim().strip();
		String groupsClaim = request.groupsClaim() == null ? "groups" : request.groupsClaim().strip();
		if (!CLAIM.matcher(emailClaim).matches()) {
			errors.put("emailClaim", "must be a claim name");
		}
		if (!CLAIM.matcher(groupsClaim).matches()) {
			errors.put("groupsClaim", "must be a claim name");
		}
		List<Mapping> mappings = new ArrayList<>();
		List<Mapping> requested = request.mappings() == null ? List.of() : request.mappings();
		for (int i = 0; i < requested.size(); i++) {
			Mapping m = requested.get(i);
			String at = "mappings[" + i + "].";
			String value = m == null ? null : strip(m.claimValue());
			String role = m == null ? null : strip(m.role());
			String group = m == null ? null : strip(m.group());
			if (value == null || value.length() > 200) {
				errors.put(at + "claimValue", "is required");
			}
			if (role == null && group == null) {
				errors.put(at + "role", "a mapping gives a role, a group or both");
			}
			if (role != null && java.util.Arrays.stream(Role.values()).noneMatch(r -> r.name().equals(role))) {
				errors.put(at + "role", "must be one of HR, APPROVER, ADMIN");
			}
			if (group != null && !groups.contains(group)) {
				errors.put(at + "group", "group '" + group + "' does not exist in this tenant");
			}
			mappings.add(new Mapping(value, role, group));
		}
		if (!errors.isEmpty()) {
			throw new DomainException.InvalidInput(errors);
		}
		boolean local = request.localPasswords() == null || request.localPasswords();
		SsoSettings settings = new SsoSettings(issuer, clientId, secret, emailClaim, groupsClaim, local, List.copyOf(mappings), null);
		try {
			// outside any transaction: a remote call
			registrations.registration(admin.tenantId(), settings);
		}
		catch (IllegalStateException e) {
			throw new DomainException.Unprocessable(e.getMessage() + ".", Map.of("issuerUri",
					e.getCause() instanceof OutboundRequests.RefusedException refused ? refused.getMessage()
							: "did not answer OpenID discovery at " + issuer + "/.well-known/openid-configuration"));
		}
		return transactions.inTenant(admin.tenantId(), () -> {
			repository.save(settings);
			Map<String, Object> detail = new LinkedHashMap<>();
			detail.put("subject", "sso");
			detail.put("before", current == null ? Map.of() : summary(current));
			detail.put("after", summary(settings));
			detail.put("secretChanged", request.clientSecret() != null);
			audit.record(admin.getUsername(), "sso.saved", detail);
			return SsoView.of(repository.find().orElseThrow());
		});
	}

	private static Map<String, Object> summary(SsoSettings s) {
		Map<String, Object> summary = new LinkedHashMap<>();
		summary.put("issuerUri", s.issuerUri());
		summary.put("clientId", s.clientId());
		summary.put("emailClaim", s.emailClaim());
		summary.put("groupsClaim", s.groupsClaim());
		summary.put("localPasswords", s.localPasswords());
		summary.put("mappings", s.mappings().stream().map(m -> m.claimValue() + " -> " + m.role() + "/" + m.group()).toList());
		return summary;
	}

	private static boolean validUri(String text) {
		try {
			return URI.create(text).getHost() != null;
		}
		catch (IllegalArgumentException e) {
			return false;
		}
	}

	private static String strip(String text) {
		return text == null || text.isBlank() ? null : text.strip();
	}
}
