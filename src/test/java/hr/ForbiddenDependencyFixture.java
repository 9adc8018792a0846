package hr;

/**
 * Test-only fixture: {@code hr} may use {@code outbox} and {@code platform} APIs only, so this
 * reference to the platform's internal web package is a violation that {@code ModularityGuardTests}
 * expects {@code verify()} to report. Never referenced by main code.
 */
class ForbiddenDependencyFixture {

	java.net.URI problemType() {
		return platform.web.ProblemTypes.VALIDATION;
	}
}
