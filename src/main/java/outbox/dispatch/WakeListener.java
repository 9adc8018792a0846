package outbox.dispatch;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * LISTENs for publish wake-ups on a dedicated connection and wakes the dispatcher threads. When
 * the connection breaks (server restart, {@code pg_terminate_backend}, network) it reconnects by
 * itself and then wakes the dispatchers once, because wake-ups sent while it was away are lost.
 * The poll interval of the dispatch loops covers the time it is away.
 */
final class WakeListener {

	static final String CHANNEL = "outbox_wake";

	private static final Logger log = LoggerFactory.getLogger(WakeListener.class);
	private static final int RECEIVE_TIMEOUT_MILLIS = 500;

	private final ListenConnections connections;
	private final WakeSignal signal;
	private final Duration reconnectDelay;
	private final Duration validationInterval;
	private final AtomicLong notifications = new AtomicLong();
	private final AtomicLong reconnects = new AtomicLong();

	private volatile boolean running;
	private volatile Connection connection;
	private volatile int backendPid;
	private volatile String lastError;
	private Thread thread;

	WakeListener(ListenConnections connections, WakeSignal signal, Duration reconnectDelay, Duration validationInterval) {
		this.connections = connections;
		this.signal = signal;
		this.reconnectDelay = reconnectDelay;
		this.validationInterval = validationInterval;
	}

	/** Opens the connection synchronously (failing if it cannot), then listens in the background. */
	synchronized void start(String threadName) {
		try {
			connect();
		}
		catch (SQLException e) {
			throw new IllegalStateException("The outbox LISTEN connection could not be opened", e);
		}
		running = true;
		thread = new Thread(this::run, threadName);
		thread.setDaemon(true);
		thread.start();
	}

	synchronized void stop() {
		running = false;
		if (thread != null) {
			try {
				thread.join(Duration.ofMillis(RECEIVE_TIMEOUT_MILLIS).multipliedBy(4).toMillis());
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
			thread = null;
		}
		closeQuietly();
	}

	boolean listening() {
		return connection != null;
	}

	int backendPid() {
		return backendPid;
	}

	long notificationsReceived() {
		return notifications.get();
	}

	long reconnects() {
		return reconnects.get();
	}

	String lastError() {
		return lastError;
	}

	private void run() {
		long lastValidation = System.nanoTime();
		while (running) {
			try {
				if (connection == null) {
					connect();
					reconnects.incrementAndGet();
					log.info("Outbox LISTEN connection re-established (backend pid {})", backendPid);
					signal.wakeAll();
				}
				PGNotification[] received = connection.unwrap(PGConnection.class).getNotifications(RECEIVE_TIMEOUT_MILLIS);
				if (received != null && received.length > 0) {
					notifications.addAndGet(received.length);
					for (PGNotification notification : received) {
						wake(notification.getParameter());
					}
				}
				if (System.nanoTime() - lastValidation > validationInterval.toNanos()) {
					lastValidation = System.nanoTime();
					if (!connection.isValid(5)) {
						throw new SQLException("The LISTEN connection is no longer valid");
					}
				}
			}
			catch (SQLException e) {
				if (running) {
					lastError = e.getMessage();
					if (connection != null) {
						log.warn("Outbox LISTEN connection lost, reconnecting: {}", e.getMessage());
					}
					closeQuietly();
					pause();
				}
			}
		}
	}

	/**
	 * One wake-up per NOTIFY; the tenants it names (see {@link Wakeups#payload}) are remembered,
	 * except in this instance's own, whose tenants its publishers already reported.
	 */
	private void wake(String payload) {
		List<String> lines = payload == null || payload.isEmpty() ? List.of() : List.of(payload.split("\n"));
		if (lines.isEmpty() || lines.get(0).equals(signal.origin())) {
			signal.wake(1);
		}
		else {
			signal.arrived(lines.subList(1, lines.size()));
		}
	}

	private void connect() throws SQLException {
		Connection opened = connections.open();
		try (Statement statement = opened.createStatement()) {
			opened.setAutoCommit(true);
			statement.execute("LISTEN " + CHANNEL);
			try (ResultSet rs = statement.executeQuery("SELECT pg_backend_pid()")) {
				rs.next();
				backendPid = rs.getInt(1);
			}
		}
		catch (SQLException e) {
			opened.close();
			throw e;
		}
		connection = opened;
		lastError = null;
	}

	private void closeQuietly() {
		Connection current = connection;
		connection = null;
		if (current != null) {
			try {
				current.close();
			}
			catch (SQLException e) {
				// already broken; nothing to release
			}
		}
	}

	private void pause() {
		try {
			Thread.sleep(reconnectDelay.toMillis());
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			running = false;
		}
	}
}
