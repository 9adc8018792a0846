package workflow;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A port workflow declares and the module that sends mail implements: what a run's "Notify" stages
 * sent, to whom and how it went, read for the run page. As with {@link RunEffects}, the implementer
 * depends on workflow, not the other way round; without one the run page lists only whom a stage
 * notified.
 */
public interface NotifyStageMail {

	/** The mails of the run's "Notify" stages, oldest first. */
	List<SentMail> ofRun(String tenantId, UUID runId);

	/**
	 * One mail: its id (the admin's Mail page shows it at {@code /admin/mail?id=}), the stage, the
	 * recipient's username, its status as the Mail page names it ({@code sent}, {@code pending},
	 * {@code failed}, ...) and when it was sent.
	 */
	record SentMail(UUID id, UUID stageId, String recipient, String status, Instant sentAt) {
	}
}
