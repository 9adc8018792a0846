package platform;

import java.time.Instant;

/**
 * What a check of a tenant's audit chain found: {@code intact} when every link holds;
 * otherwise {@code firstBroken} is the first entry whose content no longer gives its hash, or
 * whose stored previous hash is not the hash of the entry before it (an entry changed, removed
 * or inserted behind the application's back). {@code checked} entries were read; the chain
 * starts at the oldest remaining entry (retention removes a prefix), trusting its stored
 * previous hash.
 */
public record AuditVerification(boolean intact, long checked, Long firstSeq, Long lastSeq, BrokenLink firstBroken) {

	/** The first link that does not hold: the entry, and why. */
	public record BrokenLink(long id, long seq, Instant actedAt, String reason) {
	}
}
