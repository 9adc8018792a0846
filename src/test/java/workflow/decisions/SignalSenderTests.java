package workflow.decisions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The sender's promises: no wait for the send, one run's order (also when full), back-pressure, and a stop that sends what it holds. */
class SignalSenderTests {

	SignalSender sender;

	SignalSender started(int senders, int queue) {
		sender = new SignalSender(new SignalSender.Settings(senders, queue));
		sender.start();
		return sender;
	}

	@AfterEach
	void stop() {
		if (sender != null) {
			sender.stop();
		}
	}

	@Test
	void theCallerDoesNotWaitForTheSend() throws Exception {
		started(2, 10);
		CountDownLatch release = new CountDownLatch(1);
		CountDownLatch sent = new CountDownLatch(1);
		long before = System.nanoTime();
		sender.submit(UUID.randomUUID(), () -> {
			await(release);
			sent.countDown();
		});
		assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - before)).isLessThan(500);
		assertThat(sent.getCount()).isEqualTo(1);
		release.countDown();
		assertThat(sent.await(5, TimeUnit.SECONDS)).isTrue();
	}

	@Test
	void eachRunsSignalsLeaveInTheOrderTheyWereSubmitted() throws Exception {
		started(3, 1000);
		List<UUID> runs = List.of(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID());
		Map<UUID, List<Integer>> sent = new ConcurrentHashMap<>();
		runs.forEach(run -> sent.put(run, Collections.synchronizedList(new ArrayList<>())));
		CountDownLatch all = new CountDownLatch(runs.size() * 100);
		for (int i = 0; i < 100; i++) {
			int order = i;
			for (UUID run : runs) {
				sender.submit(run, () -> {
					if (order % 7 == 0) {
						Thread.yield();
					}
					sent.get(run).add(order);
					all.countDown();
				});
			}
		}
		assertThat(all.await(10, TimeUnit.SECONDS)).isTrue();
		List<Integer> expected = IntStream.range(0, 100).boxed().toList();
		runs.forEach(run -> assertThat(sent.get(run)).as("signals of run %s", run).isEqualTo(expected));
	}

	@Test
	void aFullQueueHoldsTheCallerUntilThereIsRoomAndKeepsTheRunsOrder() throws Exception {
		started(1, 1);
		UUID run = UUID.randomUUID();
		CountDownLatch release = new CountDownLatch(1);
		List<String> sent = Collections.synchronizedList(new ArrayList<>());
		fillTheQueue(run, release, sent);

		Thread caller = new Thread(() -> sender.submit(run, () -> sent.add("overflow on " + Thread.currentThread().getName())));
		caller.start();
		caller.join(300);
		assertThat(caller.isAlive()).as("the caller waits for room").isTrue();
		release.countDown();
		caller.join(5_000);
		assertThat(caller.isAlive()).isFalse();
		awaitSize(sent, 3);
		assertThat(sent).containsExactly("first", "queued", "overflow on signal-sender-1");
	}

	@Test
	void aQueueThatStaysFullLeavesTheSignalToTheRedeliveryJob() throws Exception {
		started(1, 1);
		UUID run = UUID.randomUUID();
		CountDownLatch release = new CountDownLatch(1);
		List<String> sent = Collections.synchronizedList(new ArrayList<>());
		fillTheQueue(run, release, sent);

		long before = System.nanoTime();
		sender.submit(run, () -> sent.add("overflow"));
		assertThat(Duration.ofNanos(System.nanoTime() - before)).isBetween(SignalSender.FULL_WAIT.minusMillis(50),
				SignalSender.FULL_WAIT.plusSeconds(2));
		release.countDown();
		awaitSize(sent, 2);
		Thread.sleep(200);
		assertThat(sent).containsExactly("first", "queued");
	}

	/** One signal held on the (single) sender thread until {@code release}, one queued behind it. */
	private void fillTheQueue(UUID run, CountDownLatch release, List<String> sent) throws InterruptedException {
		CountDownLatch busy = new CountDownLatch(1);
		sender.submit(run, () -> {
			busy.countDown();
			await(release);
			sent.add("first");
		});
		assertThat(busy.await(5, TimeUnit.SECONDS)).isTrue();
		sender.submit(run, () -> sent.add("queued"));
	}

	private static void awaitSize(List<String> sent, int size) {
		Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> sent.size() >= size);
	}

	@Test
	void stopSendsWhatIsQueuedAndLaterSignalsAreLeftForTheRedeliveryJob() throws Exception {
		started(2, 100);
		AtomicInteger sent = new AtomicInteger();
		CountDownLatch release = new CountDownLatch(1);
		UUID run = UUID.randomUUID();
		sender.submit(run, () -> await(release));
		for (int i = 0; i < 20; i++) {
			sender.submit(run, sent::incrementAndGet);
		}
		new Thread(() -> {
			sleep(200);
			release.countDown();
		}).start();
		sender.stop();
		assertThat(sent.get()).isEqualTo(20);
		assertThat(sender.isRunning()).isFalse();

		sender.submit(run, sent::incrementAndGet);
		assertThat(sent.get()).as("sent after stop").isEqualTo(20);
	}

	@Test
	void settingsRefuseZero() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SignalSender.Settings(0, 10))
			.withMessageContaining("workflow.signals.senders");
		assertThat(new SignalSender.Settings(null, null)).isEqualTo(new SignalSender.Settings(4, 1000));
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}
}
