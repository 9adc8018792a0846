package outbox.publish;

import java.util.Collection;

import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

import outbox.ConsumerInterests;
import outbox.store.ConsumerInterestRepository;
import platform.TenantTransactions;

/** {@link ConsumerInterests} stored for the publisher's INSERT to read, in the caller's tenant unit of work. */
@Component
class DeclaredConsumerInterests implements ConsumerInterests {

	private final TenantTransactions transactions;
	private final ConsumerInterestRepository interests;

	DeclaredConsumerInterests(TenantTransactions transactions, ConsumerInterestRepository interests) {
		this.transactions = transactions;
		this.interests = interests;
	}

	@Override
	public void declare(String consumer, Collection<String> eventTypes) {
		if (!StringUtils.hasText(consumer)) {
			throw new IllegalArgumentException("A consumer interest needs the consumer's name");
		}
		// fails outside a tenant unit of work, as publishing does
		transactions.currentTenant();
		interests.replace(consumer, eventTypes);
	}
}
