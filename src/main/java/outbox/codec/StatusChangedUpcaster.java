package outbox.codec;

import org.springframework.stereotype.Component;

import outbox.PermanentFailureException;
import outbox.catalog.EmployeeOffboarded;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Events stored as {@code hr.employee.status_changed} (version 1) before the catalog had a real
 * offboarding event. It was only ever published for offboarding, with the same fields as
 * {@link EmployeeOffboarded} plus {@code fromStatus} and {@code status}.
 */
@Component
class StatusChangedUpcaster implements Upcaster {

	static final String STATUS_CHANGED = "hr.employee.status_changed";

	@Override
	public String storedType() {
		return STATUS_CHANGED;
	}

	@Override
	public int storedVersion() {
		return 1;
	}

	@Override
	public String currentType() {
		return EmployeeOffboarded.TYPE;
	}

	@Override
	public void upcast(ObjectNode payload) {
		JsonNode status = payload.get("status");
		if (status == null || !"offboarded".equals(status.asString())) {
			throw new PermanentFailureException(
					"A stored " + STATUS_CHANGED + " event to status " + status + " is no offboarding");
		}
		payload.remove("status");
		payload.remove("fromStatus");
	}
}
