package outbox.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy in front of the test PostgreSQL whose link can be cut: while cut, every open
 * connection is reset and new ones are closed at once, as in a network partition or a stopped
 * server, for one client (a second dispatcher) while the rest of the test context keeps its
 * database.
 */
public final class TcpProxy implements AutoCloseable {

	private final ServerSocket server;
	private final String targetHost;
	private final int targetPort;
	private final Set<Socket> open = ConcurrentHashMap.newKeySet();
	private volatile boolean cut;
	private volatile boolean closed;

	public TcpProxy(String targetHost, int targetPort) throws IOException {
		this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		this.targetHost = targetHost;
		this.targetPort = targetPort;
		Thread acceptor = new Thread(this::accept, "tcp-proxy-" + server.getLocalPort());
		acceptor.setDaemon(true);
		acceptor.start();
	}

	public int port() {
		return server.getLocalPort();
	}

	/** Resets every connection and refuses new ones until {@link #restore()}. */
	public void cut() {
		cut = true;
		open.forEach(TcpProxy::closeQuietly);
		open.clear();
	}

	public void restore() {
		cut = false;
	}

	@Override
	public void close() {
		closed = true;
		cut();
		closeQuietly(server);
	}

	private void accept() {
		while (!closed) {
			try {
				Socket client = server.accept();
				if (cut) {
					closeQuietly(client);
					continue;
				}
				Socket upstream = new Socket(targetHost, targetPort);
				open.add(client);
				open.add(upstream);
				pump(client, upstream);
				pump(upstream, client);
			}
			catch (IOException e) {
				// closed, or the target refused: the client sees its connection fail
			}
		}
	}

	private void pump(Socket from, Socket to) {
		Thread thread = new Thread(() -> {
			byte[] buffer = new byte[16 * 1024];
			try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
				for (int n; (n = in.read(buffer)) >= 0;) {
					out.write(buffer, 0, n);
					out.flush();
				}
			}
			catch (IOException e) {
				// reset by cut() or by either end
			}
			finally {
				closeQuietly(from);
				closeQuietly(to);
				open.remove(from);
				open.remove(to);
			}
		}, "tcp-proxy-pump");
		thread.setDaemon(true);
		thread.start();
	}

	private static void closeQuietly(AutoCloseable closeable) {
		try {
			closeable.close();
		}
		catch (Exception e) {
			// already closed
		}
	}
}
