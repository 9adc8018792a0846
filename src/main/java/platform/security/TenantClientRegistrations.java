package platform.security;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.registration.ClientRegistrations;
import org.springframework.stereotype.Component;

import platform.OutboundRequests;
import platform.TenantTransactions;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * One OAuth2 client registration per tenant with single sign-on: the registration id is the
 * tenant id, so {@code /oauth2/authorization/<tenant>} starts the tenant's login and the callback
 * {@code /login/oauth2/code/<tenant>} tells which issuer the ID token must come from. The issuer's
 * discovery document is read once per saved configuration, through {@link OutboundRequests} (a
 * tenant admin names the URL: the server's outbound policy applies), and must name the issuer.
 */
@Component
class TenantClientRegistrations implements ClientRegistrationRepository {

	private static final Logger log = LoggerFactory.getLogger(TenantClientRegistrations.class);
	private static final Pattern TENANT_ID = Pattern.compile("[a-z0-9][a-z0-9_-]{0,62}");

	private final TenantTransactions transactions;
	private final SsoRepository repository;
	private final Map<String, ClientRegistration> discovered = new ConcurrentHashMap<>();
	private final OutboundRequests outbound;
	private final JsonMapper json;

	TenantClientRegistrations(TenantTransactions transactions, SsoRepository repository, OutboundRequests outbound,
			JsonMapper json) {
		this.transactions = transactions;
		this.repository = repository;
		this.outbound = outbound;
		this.json = json;
	}

	@Override
	public ClientRegistration findByRegistrationId(String tenantId) {
		if (tenantId == null || !TENANT_ID.matcher(tenantId).matches()) {
			return null;
		}
		return transactions.readInTenant(tenantId, repository::find)
			.map(settings -> discovered.computeIfAbsent(tenantId + "@" + settings.updatedAt().toEpochMilli(),
					key -> registration(tenantId, settings)))
			.orElse(null);
	}

	/** The registration a configuration makes; reads the issuer's discovery document (a remote call). */
	ClientRegistration registration(String tenantId, SsoSettings settings) {
		try {
			String issuer = settings.issuerUri().replaceAll("/+$", "");
			OutboundRequests.Response response = outbound.get(URI.create(issuer + "/.well-known/openid-configuration"),
					"application/json");
			if (response.status() != 200) {
				throw new IllegalStateException("discovery answered HTTP " + response.status());
			}
			Map<String, Object> metadata = json.readValue(response.body(), new TypeReference<Map<String, Object>>() {
			});
			if (!settings.issuerUri().equals(metadata.get("issuer")) && !issuer.equals(metadata.get("issuer"))) {
				throw new IllegalStateException("the discovery document names issuer " + metadata.get("issuer"));
			}
			return ClientRegistrations.fromOidcConfiguration(metadata)
				.registrationId(tenantId)
				.clientId(settings.clientId())
				.clientSecret(settings.clientSecret())
				.scope("openid", "email", "profile")
				.redirectUri("{baseUrl}/login/oauth2/code/{registrationId}")
				.userNameAttributeName("sub")
				.clientName(tenantId)
				.build();
		}
		catch (OutboundRequests.RefusedException e) {
			log.warn("Single sign-on of tenant {}: discovery at {} refused or failed ({})", tenantId, settings.issuerUri(),
					e.getMessage());
			throw new IllegalStateException("The issuer " + settings.issuerUri() + " was not asked for its OpenID discovery: "
					+ e.getMessage(), e);
		}
		catch (RuntimeException e) {
			log.warn("Single sign-on of tenant {}: the issuer {} did not answer its discovery ({})", tenantId,
					settings.issuerUri(), e.toString());
			throw new IllegalStateException("The issuer " + settings.issuerUri() + " did not answer its OpenID discovery", e);
		}
	}
}
