package workflow.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import platform.AppUser;
import platform.Role;
import platform.testing.MutableClock;

/** A badge is counted at most once per max-age, per user for the inbox and per tenant for HR's queue. */
class NavBadgesTests {

	private final MutableClock clock = new MutableClock(Instant.parse("2030-01-07T09:00:00Z"));
	private final AtomicInteger inboxCounts = new AtomicInteger();
	private final AtomicInteger hrCounts = new AtomicInteger();
	private final AppUser manny = user("manny", "acme");
	private final AppUser ivan = user("ivan", "acme");

	private final NavBadges badges = new NavBadges(user -> inboxCounts.incrementAndGet(),
			tenant -> hrCounts.incrementAndGet(), clock, Duration.ofSeconds(10));

	@Test
	void aCountIsShownUntilItIsOlderThanItsMaxAge() {
		assertThat(badges.inbox(manny)).isEqualTo(1);
		clock.advance(Duration.ofSeconds(9));
		assertThat(badges.inbox(manny)).isEqualTo(1);

		clock.advance(Duration.ofSeconds(1));
		assertThat(badges.inbox(manny)).isEqualTo(2);
		assertThat(inboxCounts).hasValue(2);
	}

	@Test
	void eachApproverHasTheirOwnInboxCountAndEachTenantItsHrCount() {
		badges.inbox(manny);
		badges.inbox(ivan);
		badges.hrWork("acme");
		badges.hrWork("acme");
		badges.hrWork("globex");
		assertThat(inboxCounts).hasValue(2);
		assertThat(hrCounts).hasValue(2);
	}

	@Test
	void theUsersOwnActionCountsTheirBadgesAgain() {
		badges.inbox(manny);
		badges.inbox(ivan);
		badges.hrWork("acme");

		badges.forget(manny);

		assertThat(badges.inbox(manny)).isEqualTo(3);
		assertThat(badges.inbox(ivan)).isEqualTo(2);
		assertThat(badges.hrWork("acme")).isEqualTo(2);
		assertThat(inboxCounts).hasValue(3);
	}

	@Test
	void expiredBadgesAreDroppedOncePastTheBoundAndAtMostOncePerMaxAge() {
		for (int i = 0; i <= NavBadges.PRUNE_ABOVE; i++) {
			badges.inbox(user("approver" + i, "acme"));
		}
		clock.advance(Duration.ofSeconds(5));
		badges.inbox(manny); // past the bound: a prune walks them, none has expired yet
		assertThat(badges.cached()).isEqualTo(NavBadges.PRUNE_ABOVE + 2);

		clock.advance(Duration.ofSeconds(7));
		badges.inbox(ivan); // the approvers have expired, but the last prune was 7 s ago
		assertThat(badges.cached()).isEqualTo(NavBadges.PRUNE_ABOVE + 3);

		clock.advance(Duration.ofSeconds(3));
		badges.inbox(user("sara", "acme")); // a max-age later: the approvers and manny go
		assertThat(badges.cached()).isEqualTo(2);
	}

	@Test
	void aMaxAgeOfZeroCountsEveryTime() {
		NavBadges uncached = new NavBadges(user -> inboxCounts.incrementAndGet(), tenant -> hrCounts.incrementAndGet(),
				clock, Duration.ZERO);
		uncached.inbox(manny);
		uncached.inbox(manny);
		assertThat(inboxCounts).hasValue(2);
	}

	private static AppUser user(String username, String tenant) {
		return new AppUser(username, tenant, tenant, username, Set.of(Role.APPROVER), Set.of(), true, "unused");
	}
}
