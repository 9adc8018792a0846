package jobs.web;

import java.time.Instant;
import platform.ConsoleTime;

/** One instance in the page's instances table. */
record InstanceRow(String id, String host, String roles, String heartbeatAgo, String heartbeatAbsolute, String state,
		String stateBadge, int runners) {

	static InstanceRow of(JobsOverview.Instance instance, ConsoleTime times) {
		var row = instance.row();
		String state = row.stoppedAt() != null ? "stopped" : instance.alive() ? "alive" : "silent";
		String badge = switch (state) {
			case "alive" -> "text-bg-success";
			case "silent" -> "text-bg-danger";
			default -> "text-bg-secondary";
		};
		return new InstanceRow(row.instanceId(), row.host(), row.roles(), times.when(row.heartbeatAt()),
				times.at(row.heartbeatAt()), state, badge, instance.runners().size());
	}
}
