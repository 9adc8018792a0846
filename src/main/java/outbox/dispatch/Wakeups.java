package outbox.dispatch;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
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
 * The NOTIFY names the tenants (see {@link #payload}), so that busy dispatchers elsewhere can take
 * them in mid-round ({@link WakeSignal#arrived}).
 */
public final class Wakeups implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(Wakeups.class);
	private static final Object REGISTERED = Wakeups.class.getName() + ".registered";
	/** At most one NOTIFY per this many nanoseconds (a burst of commits needs one wake-up). */
	private static final long MIN_GAP_NANOS = 2_000_000;
	/** Characters of tenant names in one NOTIFY at most (its payload must stay under 8,000 bytes); more: none named. */
	private static final int MAX_NAMED_CHARS = 2_000;

	private final WakeSignal local;
	private final JdbcClient jdbc;
	private final Object lock = new Object();
	private final Set<String> requested = new LinkedHashSet<>();
	private int requestedChars;
	private boolean tooMany;
	private volatile boolean running;
	private Thread notifier;

	Wakeups(WakeSignal local, JdbcClient jdbc) {
		this.local = local;
		this.jdbc = jdbc;
	}

	/** Wakes the dispatchers for the tenant's events once the current transaction commits (once per transaction). */
	public void afterCommit(String tenantId) {
		if (!TransactionSynchronizationManager.isSynchronizationActive()) {
			now(tenantId);
			return;
		}
		if (TransactionSynchronizationManager.hasResource(REGISTERED)) {
			return;
		}
		TransactionSynchronizationManager.bindResource(REGISTERED, Boolean.TRUE);
		TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
			@Override
			public void afterCommit() {
				now(tenantId);
			}

			@Override
			public void afterCompletion(int status) {
				TransactionSynchronizationManager.unbindResourceIfPossible(REGISTERED);
			}
		});
	}

	private void now(String tenantId) {
		local.arrived(List.of(tenantId));
		synchronized (lock) {
			if (!requested.contains(tenantId)) {
				// each name costs its length and a separating newline
				if (requestedChars + tenantId.length() + 1 <= MAX_NAMED_CHARS) {
					requested.add(tenantId);
					requestedChars += tenantId.length() + 1;
				}
				else {
					tooMany = true;
				}
			}
			lock.notifyAll();
		}
	}

	/**
	 * This instance's origin, then the tenants, one per line ({@link WakeListener} reads it); only
	 * the origin when there were too many to name. A name that does not parse costs at most a
	 * claim that finds nothing: the wake-up itself does not depend on it.
	 */
	static String payload(String origin, Set<String> tenants) {
		return tenants.isEmpty() ? origin : origin + "\n" + String.join("\n", tenants);
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
			String payload;
			synchronized (lock) {
				while (requested.isEmpty() && !tooMany && running) {
					try {
						lock.wait();
					}
					catch (InterruptedException e) {
						return;
					}
				}
				payload = payload(local.origin(), tooMany ? Set.of() : requested);
				requested.clear();
				requestedChars = 0;
				tooMany = false;
			}
			try {
				jdbc.sql("SELECT pg_notify(:channel, :payload)")
					.param("channel", WakeListener.CHANNEL)
					.param("payload", payload)
					.query()
					.singleValue();
			}
			catch (RuntimeException e) {
				log.debug("Could not send the outbox wake-up (the poll covers it): {}", e.getMessage());
			}
			LockSupport.parkNanos(MIN_GAP_NANOS);
		}
	}
}
