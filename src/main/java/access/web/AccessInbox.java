package access.web;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.stereotype.Component;

import access.AccessRequests;
import platform.AppUser;
import platform.InboxContributor;
import platform.TenantTransactions;
import platform.UserDirectory;

/** The access requests waiting for the reader's decision, in the approvers' one inbox beside the JML stages. */
@Component
class AccessInbox implements InboxContributor {

	static final String KIND = "Access request";

	private final AccessRequests requests;
	private final UserDirectory directory;
	private final TenantTransactions transactions;

	AccessInbox(AccessRequests requests, UserDirectory directory, TenantTransactions transactions) {
		this.requests = requests;
		this.directory = directory;
		this.transactions = transactions;
	}

	@Override
	public int inboxCount(AppUser reader, Set<String> actingFor, int limit) {
		return requests.waitingCount(reader, actingFor, limit);
	}

	@Override
	public List<InboxEntry> inboxEntries(AppUser reader, Set<String> actingFor) {
		List<AccessRequests.Waiting> waiting = requests.waitingFor(reader, actingFor);
		if (waiting.isEmpty()) {
			return List.of();
		}
		Map<String, String> names = transactions.readInTenant(reader.tenantId(),
				() -> directory.displayNames(waiting.stream().map(w -> w.request().beneficiary()).toList()));
		return waiting.stream()
			.map(w -> new InboxEntry(KIND, names.getOrDefault(w.request().beneficiary(), w.request().beneficiary()),
					w.request().packageName() + (w.request().policy().steps() > 1 ? " (step " + w.request().step() + " of 2)" : ""),
					"/access/requests/" + w.request().id(), w.request().submittedAt(), w.delegatedFor()))
			.toList();
	}
}
