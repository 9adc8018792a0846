package notifications.intake;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import org.springframework.stereotype.Component;

import notifications.NotificationKind;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.RunFinished;
import outbox.catalog.RunOutcome;

/**
 * {@link RunFinished} of a completed or rejected run → a "completed" or "rejected" mail to the HR
 * user who asked for the run and to the employee's manager (once to someone who is both), in the
 * dispatcher's transaction. Other endings mail nobody.
 */
@Component
class RunOutcomeMailHandler implements OutboxEventHandler<RunFinished> {

	private final NotificationWriter writer;
	private final MailLinks links;

	RunOutcomeMailHandler(NotificationWriter writer, MailLinks links) {
		this.writer = writer;
		this.links = links;
	}

	@Override
	public Class<RunFinished> eventType() {
		return RunFinished.class;
	}

	@Override
	public void handle(RunFinished run, Delivery delivery) {
		if (!run.concluded()) {
			return;
		}
		boolean completed = run.outcome() == RunOutcome.COMPLETED;
		String definition = run.definition() == null ? "run" : run.definition().value() + " run";
		String tenantName = writer.tenantName(delivery);
		String subject = "[" + tenantName + "] " + (completed ? "Completed: " : "Rejected: ") + "the " + definition
				+ " for " + run.employeeName();
		Set<String> recipients = new LinkedHashSet<>();
		if (run.requestedBy() != null) {
			recipients.add(run.requestedBy());
		}
		if (run.manager() != null) {
			recipients.add(run.manager());
		}
		for (String recipient : recipients) {
			Map<String, Object> model = new HashMap<>();
			model.put("employeeName", run.employeeName());
			model.put("definition", definition);
			model.put("completed", completed);
			model.put("reason", run.reason());
			model.put("link", links.to("/runs/{id}", run.runId()));
			writer.write(delivery, completed ? NotificationKind.RUN_COMPLETED : NotificationKind.RUN_REJECTED, recipient,
					tenantName, subject, "run-concluded", model);
		}
	}
}
