package jobs.assembly;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Instant;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

import platform.RuntimeRoles;

/**
 * This instance in the job tables: {@code JOBS_INSTANCE_ID}, by default {@code pid@host-xxxx} with
 * a random suffix, so every start is a new instance (the old row goes silent and is pruned) and two
 * application contexts in one JVM never share a lease holder.
 */
@Component
class InstanceIdentity {

	private final String id;
	private final String host;
	private final String roles;
	private final Instant startedAt;

	InstanceIdentity(@Value("${jmlhub.jobs.instance-id:}") String configured, RuntimeRoles roles, Clock clock) {
		this.host = hostName();
		this.id = StringUtils.hasText(configured) ? configured.strip() : ProcessHandle.current().pid() + "@" + host + "-"
				+ java.util.UUID.randomUUID().toString().substring(0, 4);
		this.roles = String.join(",", new java.util.TreeSet<>(roles.roles()));
		this.startedAt = clock.instant();
	}

	String id() {
		return id;
	}

	String host() {
		return host;
	}

	String roles() {
		return roles;
	}

	Instant startedAt() {
		return startedAt;
	}

	private static String hostName() {
		try {
			return InetAddress.getLocalHost().getHostName();
		}
		catch (UnknownHostException e) {
			return "unknown-host";
		}
	}
}
