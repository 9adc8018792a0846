package outbox.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import outbox.Delivery;
import outbox.OutboxEventHandler;
import outbox.PermanentFailureException;
import outbox.catalog.CatalogEvent;
import outbox.catalog.EmployeeHired;
import outbox.catalog.EmployeeOffboarded;
import outbox.catalog.RunStartRequested;
import outbox.catalog.StageReminderDue;
import outbox.codec.EventCatalog;
import outbox.codec.EventCodec;
import outbox.store.ClaimedEvent;

class HandlerRegistryTests {

	final EventCatalog catalog = new EventCatalog();
	final EventCodec codec = new EventCodec(catalog, List.of());

	@Test
	void routesAStoredEventToItsRecordsHandlerWithTheDecodedRecord() throws Exception {
		Recording<RunStartRequested> starts = new Recording<>(RunStartRequested.class);
		Recording<EmployeeHired> hires = new Recording<>(EmployeeHired.class);
		HandlerRegistry registry = new HandlerRegistry(List.of(RunStartRequested.class, EmployeeHired.class), codec,
				List.of(starts, hires));
		UUID runId = UUID.randomUUID();
		UUID eventId = UUID.randomUUID();

		registry.bind(claimed(eventId, RunStartRequested.TYPE, "{\"runId\":\"" + runId + "\"}")).run();

		assertThat(starts.seen.get()).isEqualTo(new RunStartRequested(runId));
		assertThat(starts.delivery.get()).isEqualTo(new Delivery(eventId, "acme", RunStartRequested.TYPE, 1, "k", 2));
		assertThat(hires.seen.get()).isNull();
	}

	@Test
	void routesByExactKeyOnly() {
		HandlerRegistry registry = new HandlerRegistry(List.of(RunStartRequested.class), codec,
				List.of(new Recording<>(RunStartRequested.class)));
		String payload = "{\"runId\":\"" + UUID.randomUUID() + "\"}";
		assertThat(registry.bind(claimed(UUID.randomUUID(), RunStartRequested.TYPE, payload))).isNotNull();
		for (String near : List.of("workflow.run", "workflow.run.*", "WORKFLOW.RUN.START_REQUESTED",
				"workflow.run.start_requested.v2", " workflow.run.start_requested")) {
			assertThatThrownBy(() -> registry.bind(claimed(UUID.randomUUID(), near, payload)))
				.as(near)
				.isInstanceOf(PermanentFailureException.class);
		}
	}

	@Test
	void failsWhenACatalogTypeHasNoHandler() {
		assertThatThrownBy(() -> new HandlerRegistry(List.of(EmployeeHired.class, RunStartRequested.class), codec,
				List.of(new Recording<>(EmployeeHired.class))))
			.isInstanceOf(IllegalStateException.class).hasMessageContaining("RunStartRequested has no handler");
	}

	@Test
	void failsOnAHandlerForATypeOutsideTheCatalog() {
		assertThatThrownBy(() -> new HandlerRegistry(List.of(EmployeeHired.class), codec,
				List.of(new Recording<>(EmployeeHired.class), new Recording<>(EmployeeOffboarded.class))))
			.isInstanceOf(IllegalStateException.class)
			.hasMessageContaining(EmployeeOffboarded.class.getName() + ", which is not in the event catalog");
	}

	@Test
	void failsOnTwoHandlersOfOneTypeWithOneConsumerName() {
		assertThatThrownBy(() -> new HandlerRegistry(List.of(EmployeeHired.class), codec,
				List.of(new Recording<>(EmployeeHired.class), new Recording<>(EmployeeHired.class))))
			.isInstanceOf(IllegalStateException.class).hasMessageContaining("EmployeeHired has two handlers named 'outbox'");
	}

	@Test
	void theProductionCatalogNeedsAllItsHandlers() {
		assertThatThrownBy(() -> new HandlerRegistry(catalog, codec, List.of()))
			.hasMessageContaining("EmployeeHired has no handler")
			.hasMessageContaining("StageReminderDue has no handler");
	}

	@Test
	void routesEachRowToTheHandlerOfItsConsumer() throws Exception {
		Recording<RunStartRequested> outbox = new Recording<>(RunStartRequested.class);
		Recording<RunStartRequested> audit = new Recording<>(RunStartRequested.class, "audit");
		HandlerRegistry registry = new HandlerRegistry(List.of(RunStartRequested.class), codec, List.of(outbox, audit));
		String payload = "{\"runId\":\"" + UUID.randomUUID() + "\"}";

		assertThat(registry.consumersOf(RunStartRequested.class)).containsExactly("audit", "outbox");
		registry.bind(claimed(UUID.randomUUID(), RunStartRequested.TYPE, payload, "audit")).run();

		assertThat(audit.seen.get()).isNotNull();
		assertThat(outbox.seen.get()).isNull();
		assertThatThrownBy(() -> registry.bind(claimed(UUID.randomUUID(), RunStartRequested.TYPE, payload, "gone")))
			.isInstanceOf(PermanentFailureException.class)
			.hasMessageContaining("'gone'");
	}

	@Test
	void aHandlersDefaultConsumerIsItsModule() {
		assertThat(new Recording<>(EmployeeHired.class).consumer()).isEqualTo("outbox");
	}

	@Test
	void failsOnABlankConsumerName() {
		assertThatThrownBy(() -> new HandlerRegistry(List.of(EmployeeHired.class), codec,
				List.of(new Recording<>(EmployeeHired.class, " "))))
			.isInstanceOf(IllegalStateException.class).hasMessageContaining("blank consumer name");
	}

	static ClaimedEvent claimed(UUID id, String type, String payload) {
		return claimed(id, type, payload, "outbox");
	}

	static ClaimedEvent claimed(UUID id, String type, String payload, String consumer) {
		return new ClaimedEvent(id, "acme", type, null, "k", 1, payload, 2, 5, 0, consumer);
	}

	static final class Recording<E extends CatalogEvent> implements OutboxEventHandler<E> {

		final Class<E> type;
		final String consumer;
		final AtomicReference<E> seen = new AtomicReference<>();
		final AtomicReference<Delivery> delivery = new AtomicReference<>();

		Recording(Class<E> type) {
			this(type, null);
		}

		Recording(Class<E> type, String consumer) {
			this.type = type;
			this.consumer = consumer;
		}

		@Override
		public String consumer() {
			return consumer == null ? OutboxEventHandler.super.consumer() : consumer;
		}

		@Override
		public Class<E> eventType() {
			return type;
		}

		@Override
		public void handle(E event, Delivery delivery) {
			seen.set(event);
			this.delivery.set(delivery);
		}
	}
}
