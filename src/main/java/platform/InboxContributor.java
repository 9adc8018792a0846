package platform;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * What a module adds to the approvers' one inbox beside the JML stages (the workflow's inbox page
 * lists the stages and asks each contributor for its items): the access requests waiting for the
 * reader's decision, say. {@code actingFor} are the approvers the reader stands in for today (their
 * delegations), so a contributor applies the same delegation as the stages.
 */
public interface InboxContributor {

	List<InboxEntry> inboxEntries(AppUser reader, Set<String> actingFor);

	/**
	 * How many items wait for the reader, at most {@code limit}: {@link #inboxEntries}' size, for the
	 * inbox badge's recount, which needs no entry (a contributor answers it with a count query).
	 */
	int inboxCount(AppUser reader, Set<String> actingFor, int limit);

	/**
	 * One waiting item: {@code kind} what it is ("Access request"), {@code subject} whom it is for,
	 * {@code title} what is asked, {@code href} its page, {@code since} since when it waits,
	 * {@code delegatedFor} the approver the reader holds it for (null: the reader's own).
	 */
	record InboxEntry(String kind, String subject, String title, String href, Instant since, String delegatedFor) {
	}
}
