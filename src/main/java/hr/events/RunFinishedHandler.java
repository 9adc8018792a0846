package hr.events;

import org.springframework.stereotype.Component;

import hr.EmployeeService;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.RunFinished;

/**
 * {@link RunFinished} → the run HR asked for is no longer open (HR may ask for another); a run no
 * HR event asked for closes nothing.
 */
@Component
class RunFinishedHandler implements OutboxEventHandler<RunFinished> {

	private final EmployeeService employees;

	RunFinishedHandler(EmployeeService employees) {
		this.employees = employees;
	}

	@Override
	public Class<RunFinished> eventType() {
		return RunFinished.class;
	}

	@Override
	public void handle(RunFinished finished, Delivery delivery) {
		if (finished.answersHr()) {
			employees.runFinished(delivery.tenantId(), finished);
		}
	}
}
