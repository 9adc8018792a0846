package workflow.definition;

import workflow.start.RunRequests;

/**
 * Test-only fixture: the start room uses definitions, so this reference from definitions back to
 * the start closes a cycle between two rooms of {@code workflow}, which {@code ModularityGuardTests}
 * expects the room rule to report. Never referenced by main code.
 */
class RoomCycleFixture {

	String startedBy(RunRequests requests) {
		return requests.getClass().getSimpleName();
	}
}
