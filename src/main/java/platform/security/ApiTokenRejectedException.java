package platform.security;

import org.springframework.security.authentication.BadCredentialsException;

/** A bearer token that is malformed, unknown, revoked or expired; the message is safe to show the caller. */
final class ApiTokenRejectedException extends BadCredentialsException {

	ApiTokenRejectedException(String message) {
		super(message);
	}
}
