package provisioning.ldap;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import javax.net.SocketFactory;

import com.unboundid.ldap.sdk.GetEntryLDAPConnectionPoolHealthCheck;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPConnectionOptions;
import com.unboundid.ldap.sdk.LDAPConnectionPool;
import com.unboundid.ldap.sdk.LDAPConnectionPoolHealthCheck;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.LDAPURL;
import com.unboundid.ldap.sdk.SimpleBindRequest;
import com.unboundid.ldap.sdk.SingleServerSet;

/**
 * One bounded pool of bound connections per directory identity (URL, bind DN, a digest of the bind
 * password, profile), so an effect does not pay a connect and a bind. A pooled connection is
 * checked (a read of the root DSE) when taken unless it answered within the last second, so one
 * broken by a directory's restart is replaced rather than failing an effect. A changed bind
 * password is another identity, so another pool; a pool nobody took a connection from for a while
 * is closed (its holder, a few bytes, stays).
 */
final class ConnectionPools implements AutoCloseable {

	/** As many as the dispatcher's threads by default; more are opened when needed and closed on release. */
	private static final int MAX_CONNECTIONS = 8;

	private static final long HEALTH_CHECK_MILLIS = 2_000;

	/** A connection that answered this recently is not checked again when taken. */
	private static final long RECENT_MILLIS = 1_000;

	/** Connections are replaced now and then, so none lives on forever. */
	private static final long MAX_CONNECTION_AGE_MILLIS = 10 * 60_000;

	/** A pool idle this long is closed: its target's password changed, or the target went. */
	private static final long IDLE_NANOS = 10 * 60_000_000_000L;

	/** How a pool's connections are made: socket factory and options, as for a single connection. */
	interface Connector {
		SocketFactory socketFactory(LDAPURL url) throws LDAPException;

		LDAPConnectionOptions options();
	}

	private static final class Holder {
		private LDAPConnectionPool pool;
		private volatile long lastUsed;
	}

	private final Map<String, Holder> pools = new ConcurrentHashMap<>();
	private final Connector connector;

	ConnectionPools(Connector connector) {
		this.connector = connector;
	}

	/** A bound connection of {@code connection}'s pool, created with its first use. */
	Lease lease(Connection connection) throws LDAPException {
		long now = System.nanoTime();
		closeIdle(now);
		LDAPConnectionPool pool = pool(connection, now);
		return new Lease(pool, pool.getConnection());
	}

	private LDAPConnectionPool pool(Connection connection, long now) throws LDAPException {
		Holder holder = pools.computeIfAbsent(connection.url() + "\n" + connection.bindDn() + "\n" + connection.profile()
				+ "\n" + HexFormat.of().formatHex(digest(connection.bindPassword())), key -> new Holder());
		// one lock per identity: a silent directory holds up its own effects only
		synchronized (holder) {
			holder.lastUsed = now;
			if (holder.pool != null && !holder.pool.isClosed()) {
				return holder.pool;
			}
			LDAPURL url = new LDAPURL(connection.url());
			SingleServerSet server = new SingleServerSet(url.getHost(), url.getPort(), connector.socketFactory(url),
					connector.options());
			LDAPConnectionPool pool = new LDAPConnectionPool(server,
					new SimpleBindRequest(connection.bindDn(), connection.bindPassword()), 1, MAX_CONNECTIONS);
			pool.setConnectionPoolName("provisioning " + connection.url());
			pool.setHealthCheck(new RecentlyUsedHealthCheck());
			pool.setMaxConnectionAgeMillis(MAX_CONNECTION_AGE_MILLIS);
			holder.pool = pool;
			return pool;
		}
	}

	private void closeIdle(long now) {
		for (Holder holder : pools.values()) {
			if (holder.pool != null && now - holder.lastUsed > IDLE_NANOS) {
				synchronized (holder) {
					if (holder.pool != null && now - holder.lastUsed > IDLE_NANOS) {
						holder.pool.close();
						holder.pool = null;
					}
				}
			}
		}
	}

	private static byte[] digest(String password) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(String.valueOf(password).getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException absent) {
			throw new IllegalStateException("SHA-256 is not available", absent);
		}
	}

	@Override
	public void close() {
		pools.values().forEach(holder -> {
			synchronized (holder) {
				if (holder.pool != null) {
					holder.pool.close();
					holder.pool = null;
				}
			}
		});
		pools.clear();
	}

	/**
	 * Checks a connection when taken (a read of the root DSE), in the background and after an
	 * exception; one that answered within {@link #RECENT_MILLIS} is taken as it is: a wave of effects
	 * would otherwise pay a round trip per effect for a check its previous one just made.
	 */
	private static final class RecentlyUsedHealthCheck extends LDAPConnectionPoolHealthCheck {

		private final GetEntryLDAPConnectionPoolHealthCheck check = new GetEntryLDAPConnectionPoolHealthCheck("",
				HEALTH_CHECK_MILLIS, false, false, true, false, true, true);

		@Override
		public void ensureConnectionValidForCheckout(LDAPConnection connection) throws LDAPException {
			if (System.currentTimeMillis() - connection.getLastCommunicationTime() > RECENT_MILLIS) {
				check.ensureConnectionValidForCheckout(connection);
			}
		}

		@Override
		public void ensureConnectionValidForContinuedUse(LDAPConnection connection) throws LDAPException {
			check.ensureConnectionValidForContinuedUse(connection);
		}

		@Override
		public void ensureConnectionValidAfterException(LDAPConnection connection, LDAPException exception)
				throws LDAPException {
			check.ensureConnectionValidAfterException(connection, exception);
		}
	}

	/** A connection taken from a pool; closing it gives it back, or drops it when it broke meanwhile. */
	static final class Lease implements AutoCloseable {

		private final LDAPConnectionPool pool;
		private final LDAPConnection ldap;

		private Lease(LDAPConnectionPool pool, LDAPConnection ldap) {
			this.pool = pool;
			this.ldap = ldap;
		}

		LDAPConnection connection() {
			return ldap;
		}

		@Override
		public void close() {
			if (ldap.isConnected()) {
				pool.releaseConnection(ldap);
			}
			else {
				pool.releaseDefunctConnection(ldap);
			}
		}
	}
}
