package workflow;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/**
 * What a user does to a run: the three decisions on the active stage, and HR's resubmit and
 * withdraw of the whole run. Declared in the order the console offers them.
 */
public enum ActionKind implements LowerCaseName {

	APPROVE, REJECT, RETURN, RESUBMIT, WITHDRAW;

	public static final List<ActionKind> DECISIONS = List.of(APPROVE, REJECT, RETURN);

	/** A decision on a stage (by an assignee), as opposed to an action on the run (by HR). */
	public boolean decision() {
		return DECISIONS.contains(this);
	}

	/** Reject and return must say why. */
	public boolean needsComment() {
		return this == REJECT || this == RETURN;
	}

	@JsonCreator
	public static ActionKind of(String value) {
		return LowerCaseName.parse(ActionKind.class, value);
	}
}
