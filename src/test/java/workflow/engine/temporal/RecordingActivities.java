package workflow.engine.temporal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import io.temporal.failure.ApplicationFailure;
import platform.LowerCaseName;
import workflow.RunStatus;
import workflow.projection.Activation;
import workflow.projection.ActivationState;
import workflow.projection.DecisionOutcome;

/**
 * A test double of the activities: records every call in order (as short strings) and activates
 * stages from a configurable plan (assignees per stage, blocked stages, notify stages).
 */
class RecordingActivities implements JmlActivities {

	private final List<String> calls = new ArrayList<>();
	private final List<Long> blockedUntil = new ArrayList<>();
	private final Map<String, List<String>> assignees = new ConcurrentHashMap<>();
	private final Set<String> notify = ConcurrentHashMap.newKeySet();
	private final Set<String> blocked = ConcurrentHashMap.newKeySet();
	private final Set<String> failing = ConcurrentHashMap.newKeySet();

	RecordingActivities assign(String stageId, String... users) {
		assignees.put(stageId, List.of(users));
		return this;
	}

	RecordingActivities notifyStage(String stageId) {
		notify.add(stageId);
		return this;
	}

	RecordingActivities block(String stageId) {
		blocked.add(stageId);
		return this;
	}

	/** Calls recorded with this prefix fail for good (a non-retryable permanent failure) after being recorded. */
	RecordingActivities failPermanently(String callPrefix) {
		failing.add(callPrefix);
		return this;
	}

	void unblock(String stageId) {
		blocked.remove(stageId);
	}

	synchronized List<String> calls() {
		return List.copyOf(calls);
	}

	synchronized List<String> calls(String prefix) {
		return calls.stream().filter(call -> call.startsWith(prefix)).toList();
	}

	synchronized List<Long> blockedUntil() {
		return List.copyOf(blockedUntil);
	}

	/** Waits (bounded) until a call matching {@code prefix} was made. */
	void awaitCall(String prefix) {
		awaitCalls(prefix, 1);
	}

	void awaitCalls(String prefix, int count) {
		Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
		Predicate<List<String>> done = list -> list.size() >= count;
		while (!done.test(calls(prefix))) {
			if (Instant.now().isAfter(deadline)) {
				throw new AssertionError("no " + count + " call(s) " + prefix + " in " + calls());
			}
			try {
				Thread.sleep(20);
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				throw new AssertionError(e);
			}
		}
	}

	private void record(String call) {
		synchronized (this) {
			calls.add(call);
		}
		if (failing.stream().anyMatch(call::startsWith)) {
			throw ApplicationFailure.newNonRetryableFailure("projection refused " + call, PERMANENT_FAILURE);
		}
	}

	@Override
	public Activation activateStage(String tenantId, UUID runId, UUID stageId, int round) {
		String stage = TestIds.label(stageId);
		if (blocked.contains(stage)) {
			record("blocked-try:" + stage + ":" + round);
			return new Activation(ActivationState.BLOCKED, List.of(), "no eligible approver for " + stage);
		}
		record("activate:" + stage + ":" + round);
		if (notify.contains(stage)) {
			return new Activation(ActivationState.NOTIFIED, assignees.getOrDefault(stage, List.of()), null);
		}
		return new Activation(ActivationState.ACTIVE, assignees.getOrDefault(stage, List.of()), null);
	}

	@Override
	public void markStartFailed(String tenantId, UUID runId, String reason) {
		record("start-failed:" + reason);
	}

	@Override
	public void markStageBlocked(String tenantId, UUID runId, UUID stageId, int round, String reason,
			long untilEpochMillis) {
		synchronized (this) {
			blockedUntil.add(untilEpochMillis);
		}
		record("blocked:" + TestIds.label(stageId) + ":" + round);
	}

	@Override
	public void applyDecision(String tenantId, DecisionOutcome decision) {
		record("decision:" + TestIds.label(decision.actionId()) + ":" + value(decision.outcome()) + ":"
				+ value(decision.stageStatus()) + ":" + decision.approvals() + ":" + value(decision.runStatus()));
	}

	@Override
	public void compensateGrant(String tenantId, UUID runId, UUID stageId, String grant, String reason, int step) {
		record("compensate:" + step + ":" + TestIds.label(stageId) + ":" + grant + ":" + reason);
	}

	@Override
	public void finishRun(String tenantId, UUID runId, RunStatus status, String reason) {
		record("finish:" + value(status));
	}

	@Override
	public void markNeedsAttention(String tenantId, UUID runId, String reason, String tried) {
		record("needs-attention:" + reason);
	}

	private static String value(LowerCaseName state) {
		return state == null ? "null" : state.value();
	}
}
