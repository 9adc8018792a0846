package notifications.preferences;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

import org.springframework.stereotype.Component;

import notifications.NotificationKind;
import platform.LowerCaseName;
import platform.SecretStore;

/**
 * The token of a one-click unsubscribe link (RFC 8058): whom and what it is about (tenant, user,
 * kind), signed with the platform's secret store ({@link SecretStore#sign}, HMAC-SHA256), so the
 * link turns off exactly that kind for exactly that user and nothing else, and a changed token is
 * refused. {@code <base64url(scope)>.<keyId>.<base64url(mac)>}; it does not expire (a mail may be
 * read long after it was sent), and only kinds that may be turned off get one.
 */
@Component
public class UnsubscribeTokens {

	/** What a valid token is about. */
	public record Scope(String tenantId, String username, NotificationKind kind) {
	}

	static final String PURPOSE = "notifications.unsubscribe";
	private static final String VERSION = "v1";
	/** Longer than any token this issues: a longer one is not read at all. */
	private static final int MAX_LENGTH = 1024;

	private final SecretStore secrets;

	UnsubscribeTokens(SecretStore secrets) {
		this.secrets = secrets;
	}

	/** The token for {@code username}'s mails of {@code kind}; empty when the kind cannot be turned off or no key is configured. */
	public Optional<String> issue(String tenantId, String username, NotificationKind kind) {
		if (!kind.mayTurnOff() || !secrets.configured()) {
			return Optional.empty();
		}
		String scope = String.join("\n", VERSION, tenantId, username, kind.value());
		return Optional.of(Base64.getUrlEncoder().withoutPadding().encodeToString(scope.getBytes(StandardCharsets.UTF_8))
				+ "." + secrets.sign(PURPOSE, scope));
	}

	/** The scope of {@code token}; empty when it is malformed, changed, or signed by a key no longer listed. */
	public Optional<Scope> read(String token) {
		if (token == null || token.length() > MAX_LENGTH) {
			return Optional.empty();
		}
		int dot = token.indexOf('.');
		if (dot <= 0) {
			return Optional.empty();
		}
		String scope;
		try {
			scope = new String(Base64.getUrlDecoder().decode(token.substring(0, dot)), StandardCharsets.UTF_8);
		}
		catch (IllegalArgumentException malformed) {
			return Optional.empty();
		}
		if (!secrets.verify(PURPOSE, scope, token.substring(dot + 1))) {
			return Optional.empty();
		}
		String[] parts = scope.split("\n", -1);
		if (parts.length != 4 || !VERSION.equals(parts[0])
				|| !LowerCaseName.values(NotificationKind.class).contains(parts[3])) {
			return Optional.empty();
		}
		NotificationKind kind = LowerCaseName.parse(NotificationKind.class, parts[3]);
		return kind.mayTurnOff() ? Optional.of(new Scope(parts[1], parts[2], kind)) : Optional.empty();
	}
}
