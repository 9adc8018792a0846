package workflow.web;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import platform.Page;
import platform.AppUser;
import platform.ApproverOnly;
import platform.ConsoleTime;
import platform.DomainException;
import workflow.ActionKind;
import workflow.ActionRequest;
import workflow.InboxItem;
import workflow.Runs;
import workflow.decisions.Delegations;

/**
 * The approver inbox: active stages waiting for my decision, oldest first; stages my approval
 * alone completes can be approved together (select, confirm the count, see each run's outcome).
 */
@Controller
class InboxPageController {

	/** What the JSON API's "my work" lists of the inbox, and the largest inbox page. */
	static final int INBOX_LIMIT = 200;

	private final Runs runs;
	private final NavBadges badges;
	private final ConsoleTime times;
	private final StageSla sla;
	private final Delegations delegations;
	private final OtherInboxItems others;

	/** Rows of one inbox page: rendering a row is most of the page's cost. */
	private final int pageSize;

	InboxPageController(Runs runs, NavBadges badges, ConsoleTime times, StageSla sla, Delegations delegations,
			OtherInboxItems others, @Value("${workflow.inbox.page-size}") int pageSize) {
		if (pageSize < 1 || pageSize > INBOX_LIMIT) {
			throw new IllegalArgumentException("workflow.inbox.page-size must be between 1 and " + INBOX_LIMIT);
		}
		this.runs = runs;
		this.badges = badges;
		this.times = times;
		this.sla = sla;
		this.delegations = delegations;
		this.others = others;
		this.pageSize = pageSize;
	}

	/** A row of another module's item in the inbox (an access request), its times worked out here. */
	record OtherRow(String kind, String subject, String title, String href, String waitingIso, String waiting,
			String delegatedFor) {
	}

	/** One selected stage of a bulk approval, with the idempotency key its confirmation form carries. */
	record BulkItem(InboxItem item, String key) {
	}

	/** What became of one stage of a bulk approval. */
	record BulkOutcome(UUID runId, String employeeName, String stageTitle, boolean recorded, String message) {
	}

	@GetMapping("/inbox")
	@ApproverOnly
	String inbox(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) String cursor, Model model) {
		Page<InboxItem> page = runs.inboxPage(user, cursor, pageSize);
		List<InboxRow> rows = page.items().stream().map(item -> InboxRow.of(item, times, sla)).toList();
		// read once: the notes and the other items' delegation say the same
		Delegations.ActiveDelegations active = delegations.activeFor(user);
		List<OtherRow> others = otherItems(user, active);
		model.addAttribute("rows", rows);
		model.addAttribute("names", runs.displayNames(user.tenantId(), java.util.stream.Stream.concat(
				rows.stream().map(InboxRow::delegatedFor), others.stream().map(OtherRow::delegatedFor))
			.filter(java.util.Objects::nonNull).collect(Collectors.toSet())));
		model.addAttribute("nextCursor", page.nextCursor());
		model.addAttribute("cursor", cursor);
		model.addAttribute("bulkable", rows.stream().anyMatch(InboxRow::selectable));
		model.addAttribute("delegationNotes", delegationNotes(user, active));
		model.addAttribute("otherItems", others);
		return "workflow/inbox";
	}

	private List<OtherRow> otherItems(AppUser user, Delegations.ActiveDelegations active) {
		return others.entries(user, active).stream()
			.map(entry -> new OtherRow(entry.kind(), entry.subject(), entry.title(), entry.href(), times.iso(entry.since()),
					times.when(entry.since()), entry.delegatedFor()))
			.toList();
	}

	/** "Your approvals go to dana until 12 Dec 2026" / "You act for sam until …": today's delegations, said where the work is. */
	private List<String> delegationNotes(AppUser user, Delegations.ActiveDelegations active) {
		if (!active.any()) {
			return List.of();
		}
		java.util.Set<String> people = new java.util.HashSet<>();
		active.mine().ifPresent(d -> people.add(d.delegate()));
		active.actingFor().forEach(d -> people.add(d.owner()));
		java.util.Map<String, String> names = runs.displayNames(user.tenantId(), people);
		List<String> notes = new java.util.ArrayList<>();
		active.mine().ifPresent(d -> notes.add("Your approvals go to " + names.get(d.delegate()) + " until "
				+ times.date(d.until()) + "."));
		active.actingFor().forEach(d -> notes.add("You act for " + names.get(d.owner()) + " until " + times.date(d.until())
				+ ": their new assignments come to you."));
		return notes;
	}

	/**
	 * The confirmation of a bulk approval: the selected stages that still wait for me and that my
	 * approval alone decides, each with a fresh idempotency key (a double submit re-sends them).
	 */
	@GetMapping("/inbox/approve")
	@ApproverOnly
	String confirm(@AuthenticationPrincipal AppUser user, @RequestParam(name = "stage", required = false) List<String> stages,
			Model model) {
		Set<UUID> selected = stageIds(stages);
		if (selected.isEmpty()) {
			return nothingTicked(user, model);
		}
		List<BulkItem> items = runs.inboxItems(user, selected).stream()
			.filter(InboxItem::oneApprovalDecides)
			.map(item -> new BulkItem(item, UUID.randomUUID().toString()))
			.toList();
		model.addAttribute("items", items);
		model.addAttribute("skipped", selected.size() - items.size());
		return "workflow/bulk-approve";
	}

	/**
	 * Approves each confirmed stage through the same path as a single approval ({@link Runs#act}:
	 * {@code RunPolicy}, the idempotency key, the one-decision-per-round rule) and reports each
	 * run's outcome; a stage that no longer waits for me, or needs more approvals than mine, is
	 * reported and left alone.
	 */
	@PostMapping("/inbox/approve")
	@ApproverOnly
	String approve(@AuthenticationPrincipal AppUser user, @RequestParam(name = "stage", required = false) List<String> stages,
			@RequestParam Map<String, String> form, Model model) {
		Set<UUID> selected = stageIds(stages);
		if (selected.isEmpty()) {
			return nothingTicked(user, model);
		}
		Map<UUID, InboxItem> waiting = runs.inboxItems(user, selected).stream()
			.collect(Collectors.toMap(InboxItem::stageId, Function.identity()));
		List<BulkOutcome> outcomes = new ArrayList<>();
		for (UUID stageId : selected) {
			InboxItem item = waiting.get(stageId);
			if (item == null) {
				outcomes.add(new BulkOutcome(null, null, null, false,
						"A selected stage no longer waits for your decision: someone decided it, or the run moved on."));
				continue;
			}
			if (!item.oneApprovalDecides()) {
				outcomes.add(outcome(item, false, "Needs more approvals than yours: open the run to approve it."));
				continue;
			}
			String key = form.get("key-" + stageId);
			try {
				runs.act(user, item.runId(), new ActionRequest(ActionKind.APPROVE, stageId, null, key));
				outcomes.add(outcome(item, true, "Approval recorded."));
			}
			catch (DomainException e) {
				outcomes.add(outcome(item, false, e.getMessage()));
			}
		}
		badges.forget(user);
		model.addAttribute("outcomes", outcomes);
		model.addAttribute("recorded", outcomes.stream().filter(BulkOutcome::recorded).count());
		return "workflow/bulk-approved";
	}

	/** A bulk approval with nothing ticked answers the inbox again, saying so next to its button. */
	private String nothingTicked(AppUser user, Model model) {
		model.addAttribute("bulkError", "Tick the stages to approve first: none was ticked, so nothing was approved.");
		return inbox(user, null, model);
	}

	private static BulkOutcome outcome(InboxItem item, boolean recorded, String message) {
		return new BulkOutcome(item.runId(), item.employeeName(), item.stageTitle(), recorded, message);
	}

	/** The selected stage ids; a value that is not one is ignored (the page only sends ids). */
	private static Set<UUID> stageIds(List<String> values) {
		Set<UUID> ids = new LinkedHashSet<>();
		if (values != null) {
			for (String value : values) {
				try {
					ids.add(UUID.fromString(value.strip()));
				}
				catch (IllegalArgumentException e) {
					// not an id the page rendered: nothing to approve
				}
			}
		}
		return ids;
	}
}
