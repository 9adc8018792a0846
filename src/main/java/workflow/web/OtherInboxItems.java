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
 * badge counts them, so both say the same.
 */
@Component
class OtherInboxItems {

	private final List<InboxContributor> contributors;
	private final Delegations delegations;

	OtherInboxItems(List<InboxContributor> contributors, Delegations delegations) {
		this.contributors = List.copyOf(contributors);
		this.delegations = delegations;
	}

	/** Oldest first. */
	List<InboxContributor.InboxEntry> entries(AppUser reader) {
		if (contributors.isEmpty()) {
			return List.of();
		}
		Set<String> actingFor = delegations.activeFor(reader).actingFor().stream()
			.map(Delegation::owner)
			.collect(Collectors.toSet());
		return contributors.stream()
			.flatMap(contributor -> contributor.inboxEntries(reader, actingFor).stream())
			.sorted(Comparator.comparing(InboxContributor.InboxEntry::since))
			.toList();
	}
}
