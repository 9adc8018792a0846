package jobs.web;

import platform.Badge;
import platform.Badge.Tone;
import platform.ConsoleTime;

/** One instance in the page's instances table. */
record InstanceRow(String id, String host, String roles, String heartbeatAgo, String heartbeatAbsolute, Badge state,
		int runners) {

	static InstanceRow of(JobsOverview.Instance instance, ConsoleTime times) {
		var row = instance.row();
		Badge state = row.stoppedAt() != null ? new Badge("stopped", Tone.SECONDARY)
				: instance.alive() ? new Badge("alive", Tone.SUCCESS) : new Badge("silent", Tone.DANGER);
		return new InstanceRow(row.instanceId(), row.host(), row.roles(), times.when(row.heartbeatAt()),
				times.at(row.heartbeatAt()), state, instance.runners().size());
	}
}
