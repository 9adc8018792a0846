package workflow.web;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.IntSupplier;
import java.util.function.ToIntFunction;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import platform.AppUser;
import workflow.Runs;

/**
 * The nav badges' counts, each served for {@code workflow.badges.max-age} before it is counted
 * again. Every console page shows them, and each count walks up to 100 qualifying rows (on a large
 * tenant as much database time as the page's own list); a badge a few seconds old is what people
 * expect of a nav count. An admin's retry of a failed effect shows on the badge once it is recounted. A user's own decision or resubmit in the console forgets their badges, so
 * the next page shows what they just did.
 */
@Component
class NavBadges {

	/**
	 * Past this many cached badges the expired ones are dropped (one entry per approver, one per
	 * tenant for HR), at most once per max-age: with more live entries than this a page must not
	 * walk them all on every recount.
	 */
	static final int PRUNE_ABOVE = 10_000;

	private final ToIntFunction<AppUser> inboxCount;
	private final ToIntFunction<String> hrWorkCount;
	private final ToIntFunction<String> failedEffectsCount;
	private final Clock clock;
	private final Duration maxAge;
	private final ConcurrentMap<Key, Count> counts = new ConcurrentHashMap<>();
	private volatile Instant nextPrune = Instant.MIN;

	@Autowired
	NavBadges(Runs runs, OtherInboxItems others, EffectsOfRuns effects, Clock clock,
			@Value("${workflow.badges.max-age}") Duration maxAge) {
		// the stages and the other modules' items (access requests): what the inbox page lists
		this(user -> {
			int stages = runs.inboxCount(user);
			return stages >= Runs.INBOX_COUNT_CAP ? Runs.INBOX_COUNT_CAP
					: stages + others.count(user, Runs.INBOX_COUNT_CAP - stages);
		}, runs::hrWorkCount, tenant -> effects.failedCount(tenant, Runs.INBOX_COUNT_CAP), clock,
				maxAge);
	}

	NavBadges(ToIntFunction<AppUser> inboxCount, ToIntFunction<String> hrWorkCount, Clock clock, Duration maxAge) {
		this(inboxCount, hrWorkCount, tenant -> 0, clock, maxAge);
	}

	NavBadges(ToIntFunction<AppUser> inboxCount, ToIntFunction<String> hrWorkCount,
			ToIntFunction<String> failedEffectsCount, Clock clock, Duration maxAge) {
		this.inboxCount = inboxCount;
		this.hrWorkCount = hrWorkCount;
		this.failedEffectsCount = failedEffectsCount;
		this.clock = clock;
		this.maxAge = maxAge;
	}

	/** How many stages and other items (access requests) await the user (capped like {@link Runs#inboxCount}). */
	int inbox(AppUser user) {
		return count(new Key(user.tenantId(), user.getUsername(), false), () -> inboxCount.applyAsInt(user));
	}

	/** How many runs of the tenant need HR (capped like {@link Runs#hrWorkCount}). */
	int hrWork(String tenantId) {
		return count(new Key(tenantId, null, false), () -> hrWorkCount.applyAsInt(tenantId));
	}

	/** How many of the tenant's directory effects failed for good (capped like {@link Runs#inboxCount}). */
	int failedEffects(String tenantId) {
		return count(new Key(tenantId, null, true), () -> failedEffectsCount.applyAsInt(tenantId));
	}

	/** Forgets the counts the user's own action changes: their inbox and their tenant's HR queue. */
	void forget(AppUser user) {
		counts.remove(new Key(user.tenantId(), user.getUsername(), false));
		counts.remove(new Key(user.tenantId(), null, false));
	}

	private int count(Key key, IntSupplier counter) {
		if (maxAge.isZero()) {
			return counter.getAsInt();
		}
		Instant now = clock.instant();
		Count cached = counts.get(key);
		if (cached != null && cached.until().isAfter(now)) {
			return cached.value();
		}
		int value = counter.getAsInt();
		if (counts.size() > PRUNE_ABOVE && !now.isBefore(nextPrune)) {
			nextPrune = now.plus(maxAge);
			counts.values().removeIf(count -> !count.until().isAfter(now));
		}
		counts.put(key, new Count(value, now.plus(maxAge)));
		return value;
	}

	/** How many badges are cached. */
	int cached() {
		return counts.size();
	}

	/** A user's inbox badge, or (username null) a tenant's HR queue badge, or a tenant's failed effects. */
	private record Key(String tenantId, String username, boolean failedEffects) {
	}

	private record Count(int value, Instant until) {
	}
}
