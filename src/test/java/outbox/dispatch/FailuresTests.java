package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ExecutionException;

import org.junit.jupiter.api.Test;

import outbox.PermanentFailureException;

class FailuresTests {

	@Test
	void aPermanentFailureAnywhereInTheCauseChainIsPermanent() {
		assertThat(Failures.isPermanent(new PermanentFailureException("gone"))).isTrue();
		assertThat(Failures.isPermanent(new ExecutionException(new IllegalStateException(new PermanentFailureException("x")))))
			.isTrue();
		assertThat(Failures.isPermanent(new IllegalStateException("timeout"))).isFalse();
		assertThat(Failures.isPermanent(new AttemptTimeoutException(java.time.Duration.ofSeconds(1)))).isFalse();
	}

	@Test
	void survivesCyclicCauseChains() {
		IllegalStateException a = new IllegalStateException("a");
		IllegalArgumentException b = new IllegalArgumentException("b", a);
		a.initCause(b);
		assertThat(Failures.isPermanent(a)).isFalse();
	}

	@Test
	void truncatesTheEvidence() {
		RuntimeException failure = new RuntimeException("m".repeat(5_000));
		assertThat(Failures.message(failure)).hasSize(Failures.MAX_MESSAGE).endsWith("…");
		assertThat(Failures.stack(failure).length()).isLessThanOrEqualTo(Failures.MAX_STACK);
		assertThat(Failures.message(new NullPointerException())).isEqualTo("java.lang.NullPointerException");
	}
}
