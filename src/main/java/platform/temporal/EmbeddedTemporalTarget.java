package platform.temporal;

/** Where the in-process Temporal server listens; an interface so the client wiring never loads the test server's classes. */
interface EmbeddedTemporalTarget {

	String target();
}
