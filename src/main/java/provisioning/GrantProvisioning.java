package provisioning;

/**
 * The outbound port of grants: what an approved stage granted, and what compensation undid, is
 * handed to the systems that carry it out (a directory, an identity provider). The outbox handler
 * of {@code workflow.grant.recorded} calls it outside any transaction, at least once per grant
 * change: it keeps a receipt and does not call again once a call returned, but a call whose
 * receipt was lost (a crash in between) is made again, so an implementation passes the request's
 * {@code idempotencyKey} on to the other system. The default implementation only logs: nothing
 * external is called until an integrator declares a bean of this type, which replaces it. Throw
 * {@link Refused} for a refusal that retrying cannot change (the event goes to the dead letters at
 * once); any other exception is retried with backoff, then dead-lettered.
 */
public interface GrantProvisioning {

	void provision(ProvisioningRequest request);

	/** The other system refused the grant for good: retrying cannot help. */
	class Refused extends RuntimeException {

		public Refused(String message) {
			super(message);
		}
	}
}
