package notifications.preferences;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
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
 * refused. {@code <base64url(scope)>.<keyId>.<base64url(mac)>}, the scope naming the day it was
 * issued: a token expires {@link #VALID_FOR} after it (a link found in an old mailbox, or leaked,
 * turns nothing off for ever; the preferences page stays the way). Only kinds that may be turned
 * off get one. Tokens of the first version named no day: they are refused.
 */
@Component
public class UnsubscribeTokens {

	/** What a valid token is about. */
	public record Scope(String tenantId, String username, NotificationKind kind) {
	}

	static final String PURPOSE = "notifications.unsubscribe";
	/** How long a token turns its kind off: long enough for any mail still being read. */
	public static final Duration VALID_FOR = Duration.ofDays(90);
	private static final String VERSION = "v2";
	/** Longer than any token this issues: a longer one is not read at all. */
	private static final int MAX_LENGTH = 1024;

	private final SecretStore secrets;
	private final Clock clock;

	UnsubscribeTokens(SecretStore secrets, Clock clock) {
		this.secrets = secrets;
		this.clock = clock;
	}

	/** The token for {@code username}'s mails of {@code kind}; empty when the kind cannot be turned off or no key is configured. */
	public Optional<String> issue(String tenantId, String username, NotificationKind kind) {
		if (!kind.mayTurnOff() || !secrets.configured()) {
			return Optional.empty();
		}
		String issued = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).toString();
		String scope = String.join("\n", VERSION, issued, tenantId, username, kind.value());
		return Optional.of(Base64.getUrlEncoder().withoutPadding().encodeToString(scope.getBytes(StandardCharsets.UTF_8))
				+ "." + secrets.sign(PURPOSE, scope));
	}

	/** The scope of {@code token}; empty when it is malformed, changed, expired, or signed by a key no longer listed. */
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
		if (parts.length != 5 || !VERSION.equals(parts[0]) || expired(parts[1])
				|| !LowerCaseName.values(NotificationKind.class).contains(parts[4])) {
			return Optional.empty();
		}
		NotificationKind kind = LowerCaseName.parse(NotificationKind.class, parts[4]);
		return kind.mayTurnOff() ? Optional.of(new Scope(parts[2], parts[3], kind)) : Optional.empty();
	}

	/** Whether a token issued on {@code day} (UTC) is past {@link #VALID_FOR}: counted from that day's end. */
	private boolean expired(String day) {
		try {
			Instant issuedBy = LocalDate.parse(day).plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
			return clock.instant().isAfter(issuedBy.plus(VALID_FOR));
		}
		catch (DateTimeParseException malformed) {
			return true;
		}
	}
}
