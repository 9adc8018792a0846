package outbox.dispatch;

import java.util.concurrent.locks.LockSupport;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Wake-ups after a publishing transaction commits: this instance's dispatcher loops at once, and
 * every instance's through one {@code NOTIFY outbox_wake} sent from a pool connection by a
 * background thread that coalesces bursts of commits. The NOTIFY is deliberately not part of the
 * business transaction: PostgreSQL serialises the commits of all notifying transactions, which
 * would undo group commit for every publisher. A wake-up lost in a crash is covered by the poll.
 */
public final class Wakeups implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(Wakeups.class);
	private static final Object REGISTERED = Wakeups.class.getName() + ".registered";
	/** At most one NOTIFY per this many nanoseconds (a burst of commits needs one wake-up). */
	private static final long MIN_GAP_NANOS = 2_000_000;

	private final WakeSignal local;
	private final JdbcClient jdbc;
	private final Object lock = new Object();
	private boolean requested;
	private volatile boolean running;
	private Thread notifier;

	Wakeups(WakeSignal local, JdbcClient jdbc) {
		this.local = local;
		this.jdbc = jdbc;
	}

	/** Wakes the dispatchers once the current transaction commits (once per transaction). */
	public void afterCommit() {
		if (!TransactionSynchronizationManager.isSynchronizationActive()) {
			now();
			return;
		}
		if (TransactionSynchronizationManager.hasResource(REGISTERED)) {
			return;
		}
		TransactionSynchronizationManager.bindResource(REGISTERED, Boolean.TRUE);
		TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
			@Override
			public void afterCommit() {
				now();
			}

			@Override
			public void afterCompletion(int status) {
				TransactionSynchronizationManager.unbindResourceIfPossible(REGISTERED);
			}
		});
	}

	private void now() {
		local.wake(1);
		synchronized (lock) {
			requested = true;
			lock.notifyAll();
		}
	}

	@Override
	public synchronized void start() {
		running = true;
		notifier = new Thread(this::notifyLoop, "outbox-notify");
		notifier.setDaemon(true);
		notifier.start();
	}

	@Override
	public synchronized void stop() {
		running = false;
		if (notifier != null) {
			notifier.interrupt();
			notifier = null;
		}
	}

	@Override
	public boolean isRunning() {
		return running;
	}

	private void notifyLoop() {
		while (running) {
			synchronized (lock) {
				while (!requested && running) {
					try {
						lock.wait();
					}
					catch (InterruptedException e) {
						return;
					}
				}
				requested = false;
			}
			try {
				jdbc.sql("SELECT pg_notify(:channel, '')").param("channel", WakeListener.CHANNEL).query().singleValue();
			}
			catch (RuntimeException e) {
				log.debug("Could not send the outbox wake-up (the poll covers it): {}", e.getMessage());
			}
			LockSupport.parkNanos(MIN_GAP_NANOS);
		}
	}
}
