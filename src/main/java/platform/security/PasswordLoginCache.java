package platform.security;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import platform.AppUser;

/**
 * Successful password sign-ins, kept for a short {@code ttl} under the SHA-256 of username and
 * password, so an API client sending HTTP Basic on every call pays one bcrypt per {@code ttl}
 * instead of one per call. Never holds a password or its hash, only a fingerprint of the hash, so
 * a reset password no longer matches; the caller re-reads the user on every hit, so a disabled
 * user, changed roles or local passwords switched off take effect at once. {@code ttl} 0 turns it off.
 * <p>
 * In the last quarter of an entry's ttl one caller renews it with a full check while the others
 * keep using it, so an account in steady use never has every call in flight wait for a bcrypt at
 * expiry.
 */
@Component
class PasswordLoginCache {

	static final int MAX_ENTRIES = 10_000;

	private record Entry(ByteBuffer hashFingerprint, Instant renewFrom, Instant expiresAt) {
	}

	private final Map<ByteBuffer, Entry> entries = new ConcurrentHashMap<>();
	private final Map<ByteBuffer, Object> checks = new ConcurrentHashMap<>();
	private final Set<ByteBuffer> renewing = ConcurrentHashMap.newKeySet();
	private final Duration ttl;
	private final Clock clock;

	PasswordLoginCache(@Value("${jmlhub.login-cache.ttl:60s}") Duration ttl, Clock clock) {
		this.ttl = ttl;
		this.clock = clock;
	}

	boolean enabled() {
		return !ttl.isZero();
	}

	/** Whether this username and password signed in successfully within the ttl, against the same stored hash. */
	boolean matches(String username, String password, String currentHash) {
		if (!enabled() || currentHash == null) {
			return false;
		}
		ByteBuffer key = key(username, password);
		Entry entry = entries.get(key);
		if (entry == null) {
			return false;
		}
		if (!entry.expiresAt().isAfter(clock.instant())) {
			entries.remove(key, entry);
			return false;
		}
		return entry.hashFingerprint().equals(ByteBuffer.wrap(ApiTokenSecrets.sha256(currentHash)));
	}

	void remember(String username, String password, String passwordHash) {
		if (!enabled() || passwordHash == null) {
			return;
		}
		Instant now = clock.instant();
		if (entries.size() >= MAX_ENTRIES) {
			entries.values().removeIf(entry -> !entry.expiresAt().isAfter(now));
			if (entries.size() >= MAX_ENTRIES) {
				entries.clear();
			}
		}
		entries.put(key(username, password), new Entry(ByteBuffer.wrap(ApiTokenSecrets.sha256(passwordHash)),
				now.plus(ttl.minus(ttl.dividedBy(4))), now.plus(ttl)));
	}

	/**
	 * Whether the caller, holding a hit, should renew it with a full check now: the entry is in the
	 * last quarter of its ttl and no other caller is renewing it. Then call {@link #renewalDone}.
	 */
	boolean claimRenewal(String username, String password) {
		ByteBuffer key = key(username, password);
		Entry entry = entries.get(key);
		return entry != null && !entry.renewFrom().isAfter(clock.instant()) && renewing.add(key);
	}

	void renewalDone(String username, String password) {
		renewing.remove(key(username, password));
	}

	/**
	 * Runs {@code check} (a bcrypt) while other checks of the same username and password wait for
	 * it, so an entry that expires under load costs one bcrypt rather than one per call in flight:
	 * calls that all hash at once on a busy CPU each take as long as all of the hashing together.
	 */
	<T> T oneCheckAtATime(String username, String password, Supplier<T> check) {
		if (!enabled()) {
			return check.get();
		}
		ByteBuffer key = key(username, password);
		Object gate = checks.computeIfAbsent(key, k -> new Object());
		synchronized (gate) {
			try {
				return check.get();
			}
			finally {
				checks.remove(key, gate);
			}
		}
	}

	private static ByteBuffer key(String username, String password) {
		return ByteBuffer.wrap(ApiTokenSecrets.sha256(username + '\u0000' + password));
	}
}
