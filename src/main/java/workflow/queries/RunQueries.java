package workflow.queries;

import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import org.springframework.stereotype.Service;
import org.springframework.util.StringUtils;

import platform.Page;
import platform.DomainException;
import platform.AppUser;
import platform.DomainException;
import platform.TenantTransactions;
import platform.UserDirectory;
import workflow.AttentionOverview;
import workflow.CurrentStage;
import workflow.HrWorkItem;
import workflow.InboxItem;
import workflow.Run;
import workflow.RunDetail;
import workflow.RunFilter;
import workflow.RunRow;
import workflow.RunStatus;
import workflow.store.ActionRepository;
import workflow.store.GrantRepository;
import workflow.store.InboxCursor;
import workflow.store.RunCursor;
import workflow.store.RunListQueries;
import workflow.store.RunRepository;
import workflow.store.StageRepository;

/** Reads of the run projection for the API and the console (never the workflow engine). */
@Service
public class RunQueries {

	public static final int MAX_LIMIT = 100;
	static final int OVERVIEW_LIMIT = 50;

	private final TenantTransactions transactions;
	private final RunRepository runs;
	private final RunListQueries lists;
	private final StageRepository stages;
	private final ActionRepository actions;
	private final GrantRepository grants;
	private final UserDirectory directory;
	private final Clock clock;

	RunQueries(TenantTransactions transactions, RunRepository runs, RunListQueries lists, StageRepository stages,
			ActionRepository actions, GrantRepository grants, UserDirectory directory, Clock clock) {
		this.directory = directory;
		this.clock = clock;
		this.transactions = transactions;
		this.runs = runs;
		this.lists = lists;
		this.stages = stages;
		this.actions = actions;
		this.grants = grants;
	}

	/**
	 * One page of the runs list: each run with its current stage, the display names of whom it
	 * waits on (one directory look-up per distinct user of the page) and whether it is overdue.
	 */
	public Page<RunRow> rows(String tenantId, RunFilter filter, String cursor, int limit) {
		if (limit < 1 || limit > MAX_LIMIT) {
			throw new DomainException.InvalidInput("limit", "must be between 1 and " + MAX_LIMIT);
		}
		RunCursor after = RunCursor.decode(cursor);
		Instant now = clock.instant();
		return transactions.readInTenant(tenantId, () -> {
			Page<RunRow> page = Page.of(lists.rows(filter, after, limit + 1, now), limit,
					row -> RunCursor.of(row.run()).encode());
			Map<String, String> names = displayNames(page.items().stream()
				.filter(row -> row.currentStage() != null)
				.flatMap(row -> row.currentStage().waitingOn().stream())
				.toList());
			return new Page<>(page.items().stream().map(row -> withNames(row, now, names)).toList(), page.nextCursor());
		});
	}

	private RunRow withNames(RunRow row, Instant now, Map<String, String> names) {
		CurrentStage stage = row.currentStage();
		if (stage == null) {
			return row;
		}
		List<String> display = stage.waitingOn().stream().map(names::get).toList();
		boolean overdue = row.run().status() == RunStatus.RUNNING && stage.dueAt() != null && stage.dueAt().isBefore(now);
		return new RunRow(row.run(), new CurrentStage(stage.id(), stage.name(), stage.title(), stage.kind(), stage.status(),
				stage.approvals(), stage.requiredApprovals(), stage.waitingOn(), display, stage.activatedAt(), stage.dueAt(),
				overdue, stage.blockedReason(), stage.blockedSince()));
	}

	public java.util.Optional<UUID> runFor(String tenantId, String triggerKey) {
		return transactions.readInTenant(tenantId, () -> runs.findBySourceEventKey(triggerKey).map(Run::id));
	}

	public RunDetail detail(String tenantId, UUID runId) {
		return transactions.readInTenant(tenantId, () -> {
			Run run = runs.find(runId).orElseThrow(() -> new DomainException.NotFound("No run " + runId + "."));
			return new RunDetail(run, stages.forRun(runId), actions.forRun(runId), grants.forRun(runId));
		});
	}

	/** Active stages waiting for the user's decision, oldest first. */
	public List<InboxItem> inbox(AppUser user, int limit) {
		return transactions.readInTenant(user.tenantId(), () -> stages.inbox(user.getUsername(), null, limit));
	}

	/** One page of the user's inbox after {@code cursor} (a token of a previous page, or null). */
	public Page<InboxItem> inboxPage(AppUser user, String cursor, int limit) {
		InboxCursor after = InboxCursor.decode(cursor);
		List<InboxItem> page = transactions.readInTenant(user.tenantId(), () -> stages.inbox(user.getUsername(), after, limit + 1));
		return Page.of(page, limit, item -> InboxCursor.of(item).encode());
	}

	/** Those of the stages that wait for the user's decision. */
	public List<InboxItem> inboxItems(AppUser user, Collection<UUID> stageIds) {
		return transactions.readInTenant(user.tenantId(), () -> stages.inboxItems(user.getUsername(), stageIds));
	}

	/** The runs that need HR, longest waiting first. */
	public List<HrWorkItem> hrWork(String tenantId, int limit) {
		return transactions.readInTenant(tenantId, () -> lists.hrWork(limit));
	}

	public int hrWorkCount(String tenantId, int cap) {
		return transactions.readInTenant(tenantId, () -> lists.hrWorkCount(cap));
	}

	/** The admin's needs-attention page. */
	public AttentionOverview attention(String tenantId) {
		return transactions.readInTenant(tenantId, () -> new AttentionOverview(
				lists.list(new RunFilter(RunStatus.NEEDS_ATTENTION, null, null, null, null), null, OVERVIEW_LIMIT),
				lists.list(new RunFilter(RunStatus.START_FAILED, null, null, null, null), null, OVERVIEW_LIMIT),
				actions.undeliverable(OVERVIEW_LIMIT), stages.blocked(OVERVIEW_LIMIT)));
	}

	/**
	 * The display names of {@code usernames} from the user directory; a username the directory no
	 * longer knows is its own name.
	 */
	public Map<String, String> displayNames(String tenantId, Collection<String> usernames) {
		return transactions.readInTenant(tenantId, () -> displayNames(usernames));
	}

	/**
	 * Each of {@code usernames} with its display name, or the username itself where the directory
	 * has none; a disabled user is marked so ("sam (disabled)"): who a run waits on may never decide.
	 */
	private Map<String, String> displayNames(Collection<String> usernames) {
		List<String> wanted = usernames.stream().filter(Objects::nonNull).distinct().toList();
		Map<String, String> names = new HashMap<>();
		directory.findAll(wanted).stream()
			.filter(user -> StringUtils.hasText(user.displayName()))
			.forEach(user -> names.put(user.username(), user.displayName()));
		directory.disabled(wanted).forEach(username -> names.put(username, username + " (disabled)"));
		wanted.forEach(username -> names.putIfAbsent(username, username));
		return names;
	}

	public int inboxCount(AppUser user, int cap) {
		return transactions.readInTenant(user.tenantId(), () -> stages.inboxCount(user.getUsername(), cap));
	}
}
