package notifications.webhooks;

import java.util.List;

import outbox.catalog.AccessRevoked;
import outbox.catalog.EffectFailed;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.EmployeeOffboardingCancelled;
import outbox.catalog.EmployeeTransferred;
import outbox.catalog.EmployeeUpdated;
import outbox.catalog.GrantRecorded;
import outbox.catalog.RunFinished;
import outbox.catalog.RunNeedsAdmin;
import outbox.catalog.RunReturned;
import outbox.catalog.RunStarted;
import outbox.catalog.StageActivated;
import outbox.catalog.StageDecided;
import outbox.catalog.StageEscalated;

/**
 * The catalog events an endpoint may subscribe to, by their type keys: facts about employees, runs
 * and access that another system may act on; {@link WebhookConsumer} consumes each. The outbox's
 * internal commands (a run to start, approvers to recompute, a reminder due) are not offered.
 */
final class WebhookEvents {

	static final String ALL = "*";

	static final List<String> TYPES = List.of(EmployeeHired.TYPE, EmployeeUpdated.TYPE, EmployeeTransferred.TYPE,
			EmployeeOffboarded.TYPE, EmployeeOffboardingCancelled.TYPE, StageActivated.TYPE, GrantRecorded.TYPE,
			RunFinished.TYPE, RunReturned.TYPE, RunNeedsAdmin.TYPE, StageEscalated.TYPE, AccessRevoked.TYPE, EffectFailed.TYPE,
			outbox.catalog.AccessRequestChanged.TYPE,
			RunStarted.TYPE, StageDecided.TYPE);

	private WebhookEvents() {
	}

	static boolean known(String type) {
		return TYPES.contains(type);
	}
}
