package platform.temporal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.temporal.internal.testservice.GRPCServerHelper;
import io.temporal.internal.testservice.InProcessGRPCServer;
import io.temporal.internal.testservice.TestServicesStarter;

/**
 * The SDK's in-process Temporal server (demo and tests only), served twice over the same
 * services: real gRPC on a local port, for the {@code temporal} CLI and anything else outside
 * this JVM, and an in-process channel for this application's own client and worker. The
 * in-process transport hands the request and response objects over without HTTP/2 framing or
 * protobuf encoding, which the mixed API load showed as about a third of the JVM's CPU.
 */
final class EmbeddedTemporalServer implements EmbeddedTemporalTarget, AutoCloseable {

	private final TestServicesStarter services;
	private final Server portServer;
	private final InProcessGRPCServer inProcessServer;
	private final int port;

	EmbeddedTemporalServer(int requestedPort) {
		this.port = requestedPort > 0 ? requestedPort : freePort();
		// true locks time skipping: workflows see real time, as in production
		this.services = new TestServicesStarter(true, 0);
		BoundedLockLog.install(services);
		this.portServer = startOnPort(services, port);
		this.inProcessServer = new InProcessGRPCServer(services.getServices());
	}

	@Override
	public String target() {
		return "127.0.0.1:" + port;
	}

	@Override
	public ManagedChannel channel() {
		return inProcessServer.getChannel();
	}

	/** The server's services, for tests. */
	TestServicesStarter services() {
		return services;
	}

	@Override
	public void close() {
		inProcessServer.shutdownNow();
		portServer.shutdownNow();
		services.close();
	}

	private static Server startOnPort(TestServicesStarter services, int port) {
		ServerBuilder<?> builder = Grpc.newServerBuilderForPort(port, InsecureServerCredentials.create());
		GRPCServerHelper.registerServicesAndHealthChecks(services.getServices(), builder);
		try {
			return builder.build().start();
		}
		catch (IOException e) {
			services.close();
			throw new UncheckedIOException("The embedded Temporal server could not listen on port " + port, e);
		}
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
