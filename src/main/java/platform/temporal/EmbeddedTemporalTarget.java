package platform.temporal;

import io.grpc.ManagedChannel;

/** The in-process Temporal server; an interface so the client wiring never loads the test server's classes. */
interface EmbeddedTemporalTarget {

	/** Where it listens for clients outside this JVM. */
	String target();

	/** The channel this application's own client uses. */
	ManagedChannel channel();
}
