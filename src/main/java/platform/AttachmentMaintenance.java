package platform;

import java.time.Instant;

/** The attachments' upkeep, for the job that runs it (the platform module depends on no other). */
public interface AttachmentMaintenance {

	/**
	 * Deletes the objects under the attachments' prefix written before {@code olderThan} that no
	 * metadata row names (uploads whose transaction rolled back, or died between the two writes);
	 * returns how many. Does nothing when no store is configured.
	 */
	int sweepOrphans(Instant olderThan);
}
