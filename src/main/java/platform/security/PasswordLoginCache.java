package platform.security;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import platform.AppUser;

/**
 * Successful password sign-ins, kept for a short {@code ttl} under the SHA-256 of username and
 * password, so an API client sending HTTP Basic on every call pays one bcrypt per {@code ttl}
 * instead of one per call. Never holds a password or its hash; a changed password or disabled user
 * takes effect after {@code ttl} at the latest. {@code ttl} 0 turns it off.
 */
@Component
class PasswordLoginCache {

	static final int MAX_ENTRIES = 10_000;

	private record Entry(AppUser user, Instant expiresAt) {
	}

	private final Map<ByteBuffer, Entry> entries = new ConcurrentHashMap<>();
	private final Duration ttl;
	private final Clock clock;

	PasswordLoginCache(@Value("${jmlhub.login-cache.ttl:60s}") Duration ttl, Clock clock) {
		this.ttl = ttl;
		this.clock = clock;
	}

	Optional<AppUser> find(String username, String password) {
		if (ttl.isZero()) {
			return Optional.empty();
		}
		ByteBuffer key = key(username, password);
		Entry entry = entries.get(key);
		if (entry == null) {
			return Optional.empty();
		}
		if (!entry.expiresAt().isAfter(clock.instant())) {
			entries.remove(key, entry);
			return Optional.empty();
		}
		return Optional.of(entry.user());
	}

	void remember(String username, String password, AppUser user) {
		if (ttl.isZero()) {
			return;
		}
		Instant now = clock.instant();
		if (entries.size() >= MAX_ENTRIES) {
			entries.values().removeIf(entry -> !entry.expiresAt().isAfter(now));
			if (entries.size() >= MAX_ENTRIES) {
				entries.clear();
			}
		}
		entries.put(key(username, password), new Entry(user, now.plus(ttl)));
	}

	private static ByteBuffer key(String username, String password) {
		return ByteBuffer.wrap(ApiTokenSecrets.sha256(username + '\u0000' + password));
	}
}
