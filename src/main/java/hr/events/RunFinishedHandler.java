package hr.events;

import org.springframework.stereotype.Component;

import hr.EmployeeService;
import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.catalog.RunFinished;

/** {@link RunFinished} → the run HR asked for is no longer open (HR may ask for another). */
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
		employees.runFinished(delivery.tenantId(), finished);
	}
}
