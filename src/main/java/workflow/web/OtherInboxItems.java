package workflow.web;

import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;

import platform.AppUser;
import platform.InboxContributor;
import workflow.Delegation;
import workflow.decisions.Delegations;

/**
 * What other modules wait on the reader for (access requests), with the same delegation as the
 * stages: the approvers the reader stands in for today. The inbox page lists them and the inbox
 * badge counts them (each contributor's count query: the badge needs no entry), so both say the same.
 */
@Component
class OtherInboxItems {

	private final List<InboxContributor> contributors;
	private final Delegations delegations;

	OtherInboxItems(List<InboxContributor> contributors, Delegations delegations) {
		this.contributors = List.copyOf(contributors);
		this.delegations = delegations;
	}

	/** Oldest first; {@code active} the reader's delegations today, as the page read them. */
	List<InboxContributor.InboxEntry> entries(AppUser reader, Delegations.ActiveDelegations active) {
		if (contributors.isEmpty()) {
			return List.of();
		}
		Set<String> actingFor = actingFor(active);
		return contributors.stream()
			.flatMap(contributor -> contributor.inboxEntries(reader, actingFor).stream())
			.sorted(Comparator.comparing(InboxContributor.InboxEntry::since))
			.toList();
	}

	/** How many items wait for the reader, at most {@code limit} (the size of {@link #entries}, counted). */
	int count(AppUser reader, int limit) {
		if (contributors.isEmpty()) {
			return 0;
		}
		Set<String> actingFor = actingFor(delegations.activeFor(reader));
		int count = 0;
		for (InboxContributor contributor : contributors) {
			count += contributor.inboxCount(reader, actingFor, limit - count);
			if (count >= limit) {
				return limit;
			}
		}
		return count;
	}

	private static Set<String> actingFor(Delegations.ActiveDelegations active) {
		return active.actingFor().stream().map(Delegation::owner).collect(Collectors.toSet());
	}
}
