package platform.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

import platform.testing.MutableClock;
import platform.AppUser;
import platform.TenantTransactions;
import platform.testing.JmlHubIntegrationTest;
import tools.jackson.databind.json.JsonMapper;

/**
 * The password check with its throttle and cache, against the real user table and bcrypt, on a
 * clock the test moves: a repeated success pays bcrypt once per cache period, failures back off
 * per account and per address up to a cap and never lock anyone out for longer, and unknown
 * accounts cost and answer exactly what known ones do.
 */
@JmlHubIntegrationTest
class PasswordLoginsTests {

	@Autowired
	LoginUserDetailsService users;

	@Autowired
	PasswordEncoder encoder;

	@Autowired
	PlatformAuditRepository audit;

	@Autowired
	TenantTransactions transactions;

	@Autowired
	JdbcClient jdbc;

	final MutableClock clock = new MutableClock(Instant.parse("2030-01-01T00:00:00Z"));
	final AtomicInteger bcrypts = new AtomicInteger();
	/** While set, a bcrypt waits for it. */
	volatile CountDownLatch bcryptGate;
	PasswordLogins logins;

	@BeforeEach
	void setUp() {
		PasswordEncoder counting = new PasswordEncoder() {
			@Override
			public String encode(CharSequence raw) {
				return encoder.encode(raw);
			}

			@Override
			public boolean matches(CharSequence raw, String encoded) {
				bcrypts.incrementAndGet();
				CountDownLatch gate = bcryptGate;
				if (gate != null) {
					try {
						gate.await(30, TimeUnit.SECONDS);
					}
					catch (InterruptedException e) {
						Thread.currentThread().interrupt();
					}
				}
				return encoder.matches(raw, encoded);
			}
		};
		LoginThrottle throttle = new LoginThrottle(new LoginThrottle.Settings(3, 10, Duration.ofSeconds(1),
				Duration.ofSeconds(8), Duration.ofMinutes(15)), clock);
		logins = new PasswordLogins(users, counting, throttle, new PasswordLoginCache(Duration.ofSeconds(60), clock),
				audit, transactions, JsonMapper.builder().build());
	}

	Authentication attempt(String username, String password, String address) {
		MockHttpServletRequest request = new MockHttpServletRequest();
		request.setRemoteAddr(address);
		UsernamePasswordAuthenticationToken token = UsernamePasswordAuthenticationToken.unauthenticated(username, password);
		token.setDetails(new WebAuthenticationDetails(request));
		return logins.authenticate(token);
	}

	@Test
	void aRepeatedSuccessfulLoginPaysBcryptOncePerCachePeriod() {
		assertThat(((AppUser) attempt("manny", "demo", "10.0.0.1").getPrincipal()).tenantId()).isEqualTo("acme");
		for (int i = 0; i < 20; i++) {
			Authentication again = attempt("manny", "demo", "10.0.0.1");
			assertThat(again.isAuthenticated()).isTrue();
			assertThat(((AppUser) again.getPrincipal()).getPassword()).as("no hash in the cache").isNull();
		}
		assertThat(bcrypts).hasValue(1);
		clock.advance(Duration.ofSeconds(61));
		attempt("manny", "demo", "10.0.0.1");
		assertThat(bcrypts).hasValue(2);
		// a wrong password is never served from the cache
		assertThatThrownBy(() -> attempt("manny", "not-demo", "10.0.0.1")).isInstanceOf(BadCredentialsException.class);
		assertThat(bcrypts).hasValue(3);
	}

	@Test
	void concurrentCallsOfOneLoginShareOneBcryptWhenNothingIsCached() throws Exception {
		int callers = 8;
		ExecutorService pool = Executors.newFixedThreadPool(callers);
		try {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<Authentication>> calls = new ArrayList<>();
			for (int i = 0; i < callers; i++) {
				calls.add(pool.submit(() -> {
					start.await();
					return attempt("ivan", "demo", "10.0.3.1");
				}));
			}
			start.countDown();
			for (Future<Authentication> call : calls) {
				assertThat(call.get(30, TimeUnit.SECONDS).isAuthenticated()).isTrue();
			}
		}
		finally {
			pool.shutdownNow();
		}
		assertThat(bcrypts).as("the others waited for the first check and found it cached").hasValue(1);
	}

	@Test
	void anEntryNearItsExpiryIsRenewedByOneCallWhileTheOthersUseIt() throws Exception {
		attempt("hana", "demo", "10.0.4.1");
		assertThat(bcrypts).hasValue(1);
		clock.advance(Duration.ofSeconds(46));
		bcryptGate = new CountDownLatch(1);
		int callers = 8;
		ExecutorService pool = Executors.newFixedThreadPool(callers);
		try {
			List<Future<Authentication>> calls = new ArrayList<>();
			for (int i = 0; i < callers; i++) {
				calls.add(pool.submit(() -> attempt("hana", "demo", "10.0.4.1")));
			}
			// all but the renewing call are answered while its bcrypt is held
			long answered = 0;
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
			while (answered < callers - 1 && System.nanoTime() < deadline) {
				answered = calls.stream().filter(Future::isDone).count();
				Thread.sleep(10);
			}
			assertThat(answered).isEqualTo(callers - 1);
			assertThat(bcrypts).as("one renewal").hasValue(2);
			bcryptGate.countDown();
			for (Future<Authentication> call : calls) {
				assertThat(call.get(30, TimeUnit.SECONDS).isAuthenticated()).isTrue();
			}
		}
		finally {
			bcryptGate.countDown();
			pool.shutdownNow();
		}
		// past the first entry's expiry: the renewed one answers
		clock.advance(Duration.ofSeconds(30));
		attempt("hana", "demo", "10.0.4.1");
		assertThat(bcrypts).hasValue(2);
	}

	@Test
	void failuresBackOffPerAccountUpToACapAndTheOwnerGetsInAfterwards() {
		for (int i = 0; i < 3; i++) {
			assertThatThrownBy(() -> attempt("sara", "guess", "10.0.1.1")).isInstanceOf(BadCredentialsException.class);
		}
		// the 4th failure starts a 1 s block; during it even the right password is not looked at
		assertThatThrownBy(() -> attempt("sara", "guess", "10.0.1.2")).isInstanceOf(BadCredentialsException.class);
		int before = bcrypts.get();
		assertThatThrownBy(() -> attempt("sara", "demo", "10.0.1.3")).isInstanceOfSatisfying(LoginThrottledException.class,
				e -> assertThat(e.retryAfterSeconds()).isBetween(1L, 2L));
		assertThat(bcrypts).as("no bcrypt while blocked").hasValue(before);
		// the delay doubles with every further failure, up to the cap of 8 s
		long[] expected = { 2, 4, 8, 8, 8 };
		for (long seconds : expected) {
			clock.advance(Duration.ofSeconds(9));
			assertThatThrownBy(() -> attempt("sara", "guess", "10.0.1.4")).isInstanceOf(BadCredentialsException.class);
			assertThatThrownBy(() -> attempt("sara", "demo", "10.0.1.4")).isInstanceOfSatisfying(
					LoginThrottledException.class, e -> assertThat(e.retryAfterSeconds()).isBetween(seconds, seconds + 1));
		}
		// never longer than the cap: the owner gets in, and that resets the account
		clock.advance(Duration.ofSeconds(8));
		assertThat(attempt("sara", "demo", "10.0.1.5").isAuthenticated()).isTrue();
		assertThatThrownBy(() -> attempt("sara", "guess", "10.0.1.5")).isInstanceOf(BadCredentialsException.class);
		assertThat(transactions.readInTenant("acme", () -> jdbc.sql("""
				SELECT count(*) FROM platform_audit WHERE action = 'login_throttled' AND actor = 'sara'
				AND (detail ->> 'failures')::int >= 4""").query(Long.class).single())).as("each block audited").isGreaterThanOrEqualTo(6);
	}

	@Test
	void unknownAccountsCostAndAnswerExactlyWhatKnownOnesDo() {
		String[] accounts = { "sam", "nobody-" + System.nanoTime() };
		String[] messages = new String[2];
		int[] work = new int[2];
		for (int a = 0; a < 2; a++) {
			String account = accounts[a];
			int before = bcrypts.get();
			for (int i = 0; i < 4; i++) {
				try {
					attempt(account, "wrong", "10.0.2." + a);
				}
				catch (BadCredentialsException e) {
					messages[a] = e.getMessage();
				}
			}
			work[a] = bcrypts.get() - before;
			assertThatThrownBy(() -> attempt(account, "wrong", "10.0.2.9")).as(account)
				.isInstanceOf(LoginThrottledException.class).hasMessage(LoginThrottledException.MESSAGE);
		}
		assertThat(messages[1]).isEqualTo(messages[0]);
		assertThat(work[1]).as("a bcrypt per attempt for unknown users too").isEqualTo(work[0]).isEqualTo(4);
	}

	@Test
	void oneAddressTryingManyAccountsIsThrottledWithoutRefusingAColleaguesRightPassword() {
		for (int i = 0; i < 10; i++) {
			String account = "spray-" + i;
			assertThatThrownBy(() -> attempt(account, "wrong", "10.0.3.1")).isInstanceOf(BadCredentialsException.class);
		}
		assertThatThrownBy(() -> attempt("spray-10", "wrong", "10.0.3.1")).isInstanceOf(BadCredentialsException.class);
		// the address is blocked: accounts that failed from anywhere recently wait
		assertThatThrownBy(() -> attempt("spray-3", "wrong", "10.0.3.1")).isInstanceOf(LoginThrottledException.class);
		// a colleague behind the same address who has not failed signs in
		assertThat(attempt("ivan", "demo", "10.0.3.1").isAuthenticated()).isTrue();
		// an account the sprayer tries from the blocked address gets one guess, then waits
		assertThatThrownBy(() -> attempt("sara", "wrong", "10.0.3.1")).isInstanceOf(BadCredentialsException.class);
		assertThatThrownBy(() -> attempt("sara", "demo", "10.0.3.1")).isInstanceOf(LoginThrottledException.class);
		assertThat(attempt("sara", "demo", "10.0.3.2").isAuthenticated()).as("other addresses are not affected").isTrue();
		clock.advance(Duration.ofSeconds(5));
		assertThatThrownBy(() -> attempt("spray-3", "wrong", "10.0.3.1")).as("the block is over: checked again")
			.isInstanceOf(BadCredentialsException.class);
	}
}
