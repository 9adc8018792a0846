package workflow.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import workflow.NotifyStageMail;
import workflow.RunDetail;
import workflow.StageKind;

/**
 * The {@link NotifyStageMail} port as the web room reads it: a run's "Notify" stage mails by
 * stage, asked only when the run has a Notify stage that notified someone; without an
 * implementation (a context that leaves mail out), none.
 */
@Component
class MailOfRuns {

	private final NotifyStageMail mail;

	MailOfRuns(ObjectProvider<NotifyStageMail> mail) {
		this.mail = mail.getIfAvailable(() -> null);
	}

	Map<UUID, List<NotifyStageMail.SentMail>> byStage(String tenantId, RunDetail detail) {
		boolean notified = detail.stages().stream()
			.anyMatch(stage -> stage.kind() == StageKind.NOTIFY && !stage.assignees().isEmpty());
		if (mail == null || !notified) {
			return Map.of();
		}
		return mail.ofRun(tenantId, detail.run().id()).stream()
			.collect(Collectors.groupingBy(NotifyStageMail.SentMail::stageId, LinkedHashMap::new, Collectors.toList()));
	}
}
