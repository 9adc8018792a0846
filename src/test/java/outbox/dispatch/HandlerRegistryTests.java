package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import outbox.DeliveredEvent;
import outbox.EventTypes;
import outbox.OutboxEventHandler;

class HandlerRegistryTests {

	@Test
	void mapsEveryCatalogTypeToItsHandler() {
		List<OutboxEventHandler> handlers = EventTypes.ALL.stream().map(Named::new).map(OutboxEventHandler.class::cast).toList();
		HandlerRegistry registry = new HandlerRegistry(handlers);
		for (OutboxEventHandler handler : handlers) {
			assertThat(registry.handlerFor(handler.eventType())).containsSame(handler);
		}
	}

	@Test
	void routesByExactKeyOnly() {
		HandlerRegistry registry = new HandlerRegistry(List.of("hr.employee.created"), List.of(new Named("hr.employee.created")));
		assertThat(registry.handlerFor("hr.employee.created")).isPresent();
		assertThat(registry.handlerFor("hr.employee")).isEmpty();
		assertThat(registry.handlerFor("hr.employee.*")).isEmpty();
		assertThat(registry.handlerFor("HR.EMPLOYEE.CREATED")).isEmpty();
		assertThat(registry.handlerFor("hr.employee.created.v2")).isEmpty();
		assertThat(registry.handlerFor(" hr.employee.created")).isEmpty();
	}

	@Test
	void failsWhenACatalogTypeHasNoHandler() {
		assertThatThrownBy(() -> new HandlerRegistry(List.of("a", "b"), List.of(new Named("a"))))
			.isInstanceOf(IllegalStateException.class).hasMessageContaining("'b' has no handler");
	}

	@Test
	void failsOnAHandlerForATypeOutsideTheCatalog() {
		assertThatThrownBy(() -> new HandlerRegistry(List.of("a"), List.of(new Named("a"), new Named("a.extra"))))
			.isInstanceOf(IllegalStateException.class).hasMessageContaining("'a.extra', which is not in the event catalog");
	}

	@Test
	void failsOnTwoHandlersForOneType() {
		assertThatThrownBy(() -> new HandlerRegistry(List.of("a"), List.of(new Named("a"), new Named("a"))))
			.isInstanceOf(IllegalStateException.class).hasMessageContaining("'a' has two handlers");
	}

	@Test
	void theProductionCatalogNeedsAllItsHandlers() {
		assertThatThrownBy(() -> new HandlerRegistry(List.of()))
			.hasMessageContaining("'" + EventTypes.HR_EMPLOYEE_CREATED + "' has no handler")
			.hasMessageContaining("'" + EventTypes.WORKFLOW_STAGE_REMINDER_DUE + "' has no handler");
	}

	record Named(String eventType) implements OutboxEventHandler {

		@Override
		public void handle(DeliveredEvent event) {
		}
	}
}
