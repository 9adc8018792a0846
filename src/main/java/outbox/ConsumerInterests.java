package outbox;

import java.util.Collection;

/**
 * What a {@link OutboxEventHandler#selective() selective} consumer wants in the current tenant: the
 * publisher stores its row of an event only in tenants that declared the event's type (or
 * {@code "*"}, every type it handles). The consuming module declares in the same unit of work that
 * changes what it wants, so no event published after that commit misses it.
 */
public interface ConsumerInterests {

	/**
	 * Replaces the event types (type keys, or {@code "*"}) that {@code consumer} wants in the caller's
	 * tenant unit of work; empty: none, its rows are no longer stored in this tenant.
	 */
	void declare(String consumer, Collection<String> eventTypes);
}
