package notifications.intake;

import java.util.HashMap;
import java.util.Map;

import org.springframework.stereotype.Component;

import notifications.NotificationKind;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.RunNeedsAdmin;
import outbox.catalog.RunProblem;

/**
 * {@link RunNeedsAdmin} → a "failed to start" or "needs attention" mail to each of the tenant's
 * admins, with the reason the run page shows and the link to the run, where they repair it.
 */
@Component
class RunNeedsAdminHandler implements OutboxEventHandler<RunNeedsAdmin> {

	private final NotificationWriter writer;
	private final Recipients recipients;
	private final MailLinks links;

	RunNeedsAdminHandler(NotificationWriter writer, Recipients recipients, MailLinks links) {
		this.writer = writer;
		this.recipients = recipients;
		this.links = links;
	}

	@Override
	public Class<RunNeedsAdmin> eventType() {
		return RunNeedsAdmin.class;
	}

	@Override
	public void handle(RunNeedsAdmin run, Delivery delivery) {
		boolean startFailed = run.problem() == RunProblem.START_FAILED;
		String definition = RunWords.definition(run.definition());
		String tenantName = writer.tenantName(delivery);
		String subject = "[" + tenantName + "] " + (startFailed ? "Failed to start: " : "Needs attention: ") + "the "
				+ definition + " for " + run.employeeName();
		for (String admin : recipients.admins()) {
			Map<String, Object> model = new HashMap<>();
			model.put("employeeName", run.employeeName());
			model.put("definition", definition);
			model.put("startFailed", startFailed);
			model.put("reason", run.reason());
			model.put("link", links.to("/runs/{id}", run.runId()));
			writer.write(delivery, startFailed ? NotificationKind.RUN_START_FAILED : NotificationKind.RUN_NEEDS_ATTENTION,
					run.runId(), null, admin, tenantName, subject, "run-needs-admin", model);
		}
	}
}
