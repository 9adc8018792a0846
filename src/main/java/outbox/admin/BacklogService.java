package outbox.admin;

import org.springframework.stereotype.Service;

import platform.TenantTransactions;

/** The admin's view of the tenant's outbox backlog. */
@Service
public class BacklogService {

	private final TenantTransactions transactions;
	private final EventAdminRepository events;

	BacklogService(TenantTransactions transactions, EventAdminRepository events) {
		this.transactions = transactions;
		this.events = events;
	}

	public Backlog backlog(String tenantId) {
		return transactions.readInTenant(tenantId, events::backlog);
	}
}
