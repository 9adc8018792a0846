package hr.sync;

import java.util.Arrays;
import java.util.Optional;

import platform.LowerCaseName;

/** How a pull authenticates: not at all, with a bearer token, or with HTTP Basic credentials. */
enum SourceAuth implements LowerCaseName {
	NONE, BEARER, BASIC;

	static Optional<SourceAuth> of(String value) {
		return Arrays.stream(values()).filter(auth -> auth.value().equals(value)).findFirst();
	}
}
