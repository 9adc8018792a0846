package platform.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.temporal.api.testservice.v1.LockTimeSkippingRequest;
import io.temporal.api.testservice.v1.TestServiceGrpc;
import io.temporal.api.testservice.v1.UnlockTimeSkippingRequest;
import io.temporal.internal.testservice.InProcessGRPCServer;
import io.temporal.internal.testservice.TestServicesStarter;

/**
 * The embedded server's lock log stays bounded however many time-skipping locks its workflows
 * take (the SDK's own list keeps every lock and unlock), and locking still balances.
 */
class BoundedLockLogTests {

	@Test
	void thousandsOfLocksLeaveTheLogAtItsCapacity() throws Exception {
		try (EmbeddedTemporalServer server = new EmbeddedTemporalServer(0)) {
			// the application's channel and the port that tools use share one server
			lockAndUnlock(server.channel(), 1_000);
			ManagedChannel tools = ManagedChannelBuilder.forTarget(server.target()).usePlaintext().build();
			try {
				lockAndUnlock(tools, 1_000);
			}
			finally {
				tools.shutdownNow();
			}
			assertThat(BoundedLockLog.of(server.services())).isInstanceOf(BoundedLockLog.class)
				.hasSizeLessThanOrEqualTo(BoundedLockLog.CAPACITY);
		}
	}

	@Test
	void withoutItTheSdkKeepsEveryLockAndUnlock() throws Exception {
		try (TestServicesStarter services = new TestServicesStarter(true, 0)) {
			InProcessGRPCServer server = new InProcessGRPCServer(services.getServices());
			try {
				lockAndUnlock(server.getChannel(), 500);
				// the defect this works around: when an SDK upgrade fixes it, this fails and the class can go
				assertThat(BoundedLockLog.of(services)).hasSizeGreaterThan(1_000);
			}
			finally {
				server.shutdownNow();
			}
		}
	}

	/** Takes and releases time skipping over gRPC, as a workflow step does inside the server. */
	private static void lockAndUnlock(ManagedChannel channel, int times) {
		TestServiceGrpc.TestServiceBlockingStub stub = TestServiceGrpc.newBlockingStub(channel);
		for (int i = 0; i < times; i++) {
			stub.lockTimeSkipping(LockTimeSkippingRequest.getDefaultInstance());
			stub.unlockTimeSkipping(UnlockTimeSkippingRequest.getDefaultInstance());
		}
	}
}
