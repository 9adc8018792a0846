/**
 * Outbox: the only way modules exchange events. Its API is this package (the
 * {@link outbox.OutboxPublisher} port, the {@link outbox.OutboxEventHandler} SPI with
 * {@link outbox.Delivery}, {@link outbox.PublishOptions} and the failure types) and the
 * {@code catalog} named interface (the sealed hierarchy of event records). Rooms: {@code codec}
 * (JSON and upcasting), {@code publish}, {@code store} (SQL), {@code dispatch}, {@code admin}
 * (backlog, search, dead letters), {@code web}, {@code retention}.
 */
@org.springframework.modulith.ApplicationModule(id = "outbox", displayName = "Outbox", allowedDependencies = { "jobs", "platform" })
package outbox;
