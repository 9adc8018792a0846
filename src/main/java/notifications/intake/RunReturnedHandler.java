package notifications.intake;

import java.util.HashMap;
import java.util.Map;

import org.springframework.stereotype.Component;

import notifications.NotificationKind;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.RunReturned;

/**
 * {@link RunReturned} → a "returned" mail to the HR user who asked for the run (nobody when no HR
 * user did): at which stage, by whom and why, and the link to the run, where they edit and resubmit.
 */
@Component
class RunReturnedHandler implements OutboxEventHandler<RunReturned> {

	private final NotificationWriter writer;
	private final Recipients recipients;
	private final MailLinks links;

	RunReturnedHandler(NotificationWriter writer, Recipients recipients, MailLinks links) {
		this.writer = writer;
		this.recipients = recipients;
		this.links = links;
	}

	@Override
	public Class<RunReturned> eventType() {
		return RunReturned.class;
	}

	@Override
	public void handle(RunReturned run, Delivery delivery) {
		if (run.requestedBy() == null) {
			return;
		}
		String definition = RunWords.definition(run.definition());
		String tenantName = writer.tenantName(delivery);
		Map<String, Object> model = new HashMap<>();
		model.put("employeeName", run.employeeName());
		model.put("definition", definition);
		model.put("stageTitle", run.stageTitle());
		model.put("returnedBy", recipients.nameOf(run.returnedBy()));
		model.put("comment", run.comment());
		model.put("link", links.to("/runs/{id}", run.runId()));
		writer.write(delivery, NotificationKind.RUN_RETURNED, run.runId(), run.stageId(), run.requestedBy(), tenantName,
				"[" + tenantName + "] Returned: the " + definition + " for " + run.employeeName(), "run-returned", model);
	}
}
