package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Which tenants a busy round takes in: those that published since it claimed and that it holds nothing of. */
class WakeSignalTests {

	private final WakeSignal signal = new WakeSignal();

	@Test
	void aTenantThatPublishedAfterTheRoundClaimedAndIsNotInItIsANewcomerOfOneRound() {
		long lookedAt = System.nanoTime();
		signal.arrived(List.of("trickle", "big"));

		assertThat(signal.takeArrivals(Set.of("big"), lookedAt)).containsExactly("trickle");
		// taken: another thread's round does not claim for it too
		assertThat(signal.takeArrivals(Set.of(), lookedAt)).containsExactly("big");
		assertThat(signal.takeArrivals(Set.of(), lookedAt)).isEmpty();
	}

	@Test
	void aPublishBeforeTheRoundClaimedIsNotANewcomer() {
		signal.arrived(List.of("trickle"));
		long lookedAt = System.nanoTime();

		assertThat(signal.takeArrivals(Set.of("big"), lookedAt)).isEmpty();
	}

	@Test
	void anArrivalWakesAWaitingThread() {
		long seen = signal.generation();
		signal.arrived(List.of("trickle"));

		assertThat(signal.generation()).isGreaterThan(seen);
	}

	@Test
	void aPublishWhileAThreadWaitsIsLeftToThatThread() throws InterruptedException {
		long lookedAt = System.nanoTime();
		long seen = signal.generation();
		Thread idle = new Thread(() -> {
			try {
				signal.await(seen, Duration.ofSeconds(10));
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
		});
		idle.start();
		while (idle.getState() != Thread.State.TIMED_WAITING) {
			Thread.onSpinWait();
		}
		signal.arrived(List.of("trickle"));
		idle.join(5_000);

		assertThat(idle.isAlive()).isFalse();
		assertThat(signal.takeArrivals(Set.of("big"), lookedAt)).isEmpty();
	}

	@Test
	void theNotifyPayloadNamesTheOriginThenTheTenants() {
		assertThat(Wakeups.payload("origin-1", new java.util.LinkedHashSet<>(List.of("a", "b")))).isEqualTo("origin-1\na\nb");
		assertThat(Wakeups.payload("origin-1", Set.of())).isEqualTo("origin-1");
	}
}
