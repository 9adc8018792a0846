package platform.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.temporal.api.testservice.v1.LockTimeSkippingRequest;
import io.temporal.api.testservice.v1.TestServiceGrpc;
import io.temporal.api.testservice.v1.UnlockTimeSkippingRequest;
import io.temporal.testserver.TestServer;

/**
 * The embedded server's lock log stays bounded however many time-skipping locks its workflows
 * take (the SDK's own list keeps every lock and unlock), and locking still balances.
 */
class BoundedLockLogTests {

	@Test
	void thousandsOfLocksLeaveTheLogAtItsCapacity() throws Exception {
		int port = freePort();
		try (TestServer.PortBoundTestServer server = TestServer.createPortBoundServer(port, true)) {
			BoundedLockLog.install(server);
			lockAndUnlock(port, 2_000);
			assertThat(BoundedLockLog.of(server)).isInstanceOf(BoundedLockLog.class).hasSizeLessThanOrEqualTo(BoundedLockLog.CAPACITY);
		}
	}

	@Test
	void withoutItTheSdkKeepsEveryLockAndUnlock() throws Exception {
		int port = freePort();
		try (TestServer.PortBoundTestServer server = TestServer.createPortBoundServer(port, true)) {
			lockAndUnlock(port, 500);
			// the defect this works around: when an SDK upgrade fixes it, this fails and the class can go
			assertThat(BoundedLockLog.of(server)).hasSizeGreaterThan(1_000);
		}
	}

	/** Takes and releases time skipping over gRPC, as a workflow step does inside the server. */
	private static void lockAndUnlock(int port, int times) throws InterruptedException {
		ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
		try {
			TestServiceGrpc.TestServiceBlockingStub stub = TestServiceGrpc.newBlockingStub(channel);
			for (int i = 0; i < times; i++) {
				stub.lockTimeSkipping(LockTimeSkippingRequest.getDefaultInstance());
				stub.unlockTimeSkipping(UnlockTimeSkippingRequest.getDefaultInstance());
			}
		}
		finally {
			channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}
}
