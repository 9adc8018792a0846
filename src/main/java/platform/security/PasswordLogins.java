package platform.security;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.security.authentication.AccountStatusException;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.InternalAuthenticationServiceException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import org.springframework.stereotype.Component;

import platform.AppUser;
import platform.FailureBackoff;
import platform.TenantTransactions;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one password check of the application, for the console's form login and the API's HTTP
 * Basic alike (the only {@link AuthenticationProvider} bean, so Spring Security's global
 * authentication manager uses it): throttled per account and address ({@link LoginThrottle}),
 * successful checks cached briefly ({@link PasswordLoginCache}), and otherwise Spring's
 * {@link DaoAuthenticationProvider}, which spends the same bcrypt on unknown users as on known
 * ones and answers both with the same "bad credentials". A database failure is not a failed
 * sign-in: it is neither counted nor cached, and the caller sees it as an outage.
 */
@Component
class PasswordLogins implements AuthenticationProvider {

	private static final Logger log = LoggerFactory.getLogger(PasswordLogins.class);

	private final DaoAuthenticationProvider passwords;
	private final LoginThrottle throttle;
	private final PasswordLoginCache cache;
	private final LoginUserDetailsService users;
	private final PlatformAuditRepository audit;
	private final TenantTransactions transactions;
	private final JsonMapper json;

	PasswordLogins(LoginUserDetailsService users, PasswordEncoder encoder, LoginThrottle throttle,
			PasswordLoginCache cache, PlatformAuditRepository audit, TenantTransactions transactions, JsonMapper json) {
		this.passwords = new DaoAuthenticationProvider(users);
		this.passwords.setPasswordEncoder(encoder);
		this.throttle = throttle;
		this.cache = cache;
		this.users = users;
		this.audit = audit;
		this.transactions = transactions;
		this.json = json;
	}

	@Override
	public Authentication authenticate(Authentication authentication) throws AuthenticationException {
		String username = authentication.getName();
		String password = authentication.getCredentials() == null ? "" : authentication.getCredentials().toString();
		String address = authentication.getDetails() instanceof WebAuthenticationDetails details
				? details.getRemoteAddress() : null;
		throttle.check(username, address);
		Optional<AppUser> cached = cached(username, password);
		if (cached.isPresent()) {
			if (cache.claimRenewal(username, password)) {
				try {
					return check(authentication, username, password, address);
				}
				finally {
					cache.renewalDone(username, password);
				}
			}
			return success(cached.get(), authentication);
		}
		return cache.oneCheckAtATime(username, password, () -> {
			// a concurrent call of the same login may have checked it while this one waited
			Optional<AppUser> checked = cached(username, password);
			return checked.isPresent() ? success(checked.get(), authentication) : check(authentication, username, password, address);
		});
	}

	private Authentication check(Authentication authentication, String username, String password, String address) {
		Authentication result;
		try {
			result = passwords.authenticate(authentication);
		}
		catch (BadCredentialsException | AccountStatusException e) {
			FailureBackoff.Outcome outcome = throttle.failed(username, address);
			outcome.blockedFor().ifPresent(block -> audited(username, address, outcome.failures(), block.toSeconds()));
			throw e;
		}
		AppUser user = (AppUser) result.getPrincipal();
		throttle.succeeded(username);
		cache.remember(username, password, user.getPassword());
		return result;
	}

	/**
	 * The user as stored now, if this password was checked within the cache's ttl against the
	 * same stored hash: a disabled user, new roles or a reset password count at once.
	 */
	private Optional<AppUser> cached(String username, String password) {
		if (!cache.enabled()) {
			return Optional.empty();
		}
		AppUser current;
		try {
			current = (AppUser) users.loadUserByUsername(username);
		}
		catch (UsernameNotFoundException e) {
			return Optional.empty();
		}
		catch (DataAccessException e) {
			throw new InternalAuthenticationServiceException(e.getMessage(), e);
		}
		if (!current.isEnabled() || !cache.matches(username, password, current.getPassword())) {
			return Optional.empty();
		}
		return Optional.of(new AppUser(current.getUsername(), current.tenantId(), current.tenantName(),
				current.displayName(), current.roles(), current.groups(), true, null, current.operator()));
	}

	@Override
	public boolean supports(Class<?> authentication) {
		return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
	}

	private static Authentication success(AppUser user, Authentication request) {
		UsernamePasswordAuthenticationToken result = UsernamePasswordAuthenticationToken.authenticated(user, null,
				user.getAuthorities());
		result.setDetails(request.getDetails());
		return result;
	}

	/** A block started: a warning in the log, and a {@code login_throttled} audit row in the account's tenant if it exists. */
	private void audited(String username, String address, int failures, long blockedSeconds) {
		log.warn("Sign-in throttled for {}s after {} failures (account {}, address {})", blockedSeconds, failures,
				username, address);
		try {
			AppUser user = (AppUser) users.loadUserByUsername(username);
			Map<String, Object> detail = new LinkedHashMap<>();
			detail.put("failures", failures);
			detail.put("blockedSeconds", blockedSeconds);
			detail.put("address", String.valueOf(address));
			transactions.runInTenant(user.tenantId(),
					() -> audit.record(user.tenantId(), username, "login_throttled", json.writeValueAsString(detail)));
		}
		catch (UsernameNotFoundException e) {
			// an unknown account has no tenant to audit in: the log line is its trail
		}
		catch (DataAccessException e) {
			log.warn("Could not audit the throttled sign-in of {}: {}", username, e.toString());
		}
	}
}
