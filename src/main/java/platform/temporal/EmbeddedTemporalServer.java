package platform.temporal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

import io.temporal.testserver.TestServer;

/** The SDK's in-process Temporal server, serving real gRPC on a local port (demo and tests only). */
final class EmbeddedTemporalServer implements EmbeddedTemporalTarget, AutoCloseable {

	private final TestServer.PortBoundTestServer server;
	private final int port;

	EmbeddedTemporalServer(int requestedPort) {
		this.port = requestedPort > 0 ? requestedPort : freePort();
		// true locks time skipping: workflows see real time, as in production
		this.server = TestServer.createPortBoundServer(port, true);
		BoundedLockLog.install(server);
	}

	@Override
	public String target() {
		return "127.0.0.1:" + port;
	}

	@Override
	public void close() {
		server.close();
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
