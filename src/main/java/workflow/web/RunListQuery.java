package workflow.web;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.springframework.web.util.UriComponentsBuilder;

import workflow.RunStatus;

/**
 * The runs page's filters as the page received them (already validated), and the links that keep
 * them: a status chip changes only the status, the pager only the cursor, so every filter
 * composes with every other and with keyset paging.
 */
public record RunListQuery(String status, String definition, String q, UUID employeeId, boolean mine, boolean overdue,
		boolean blocked) {

	/** A status filter link: its label, where it leads, and whether it is the filter in force. */
	public record StatusChip(String label, String href, boolean current) {
	}

	/** The status filter links: "all", then each of {@code statuses} (their values) in order. */
	public List<StatusChip> statusChips(List<String> statuses) {
		List<StatusChip> chips = new ArrayList<>();
		chips.add(new StatusChip("all", withStatus(null), status == null));
		statuses.forEach(value -> chips.add(new StatusChip(StatusBadge.of(RunStatus.of(value)).label(), withStatus(value), value.equals(status))));
		return chips;
	}

	/** This query with another status (null: all). */
	public String withStatus(String other) {
		return link(other, null);
	}

	/** The first page of this query. */
	public String first() {
		return link(status, null);
	}

	/** The page after {@code cursor}. */
	public String next(String cursor) {
		return link(status, cursor);
	}

	/** This query without the employee filter. */
	public String withoutEmployee() {
		return new RunListQuery(status, definition, q, null, mine, overdue, blocked).first();
	}

	private String link(String statusValue, String cursor) {
		UriComponentsBuilder uri = UriComponentsBuilder.fromPath("/runs");
		add(uri, "status", statusValue);
		add(uri, "definition", definition);
		add(uri, "q", q);
		add(uri, "employeeId", employeeId == null ? null : employeeId.toString());
		add(uri, "mine", mine ? "true" : null);
		add(uri, "overdue", overdue ? "true" : null);
		add(uri, "blocked", blocked ? "true" : null);
		add(uri, "cursor", cursor);
		return uri.encode().build().toUriString();
	}

	private static void add(UriComponentsBuilder uri, String name, String value) {
		if (value != null) {
			uri.queryParam(name, value);
		}
	}
}
