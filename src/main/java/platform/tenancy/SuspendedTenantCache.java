package platform.tenancy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import platform.TenantSuspensions;

/**
 * {@link TenantSuspensions} read from the database at most every {@code jmlhub.tenants.suspension-refresh}
 * (default 5 s): every signed-in request asks, and one query of the few suspended ids now and then
 * is cheaper than one per request. A suspension or resumption on this instance counts at once
 * ({@link #invalidate()}); on another instance within the refresh interval.
 */
@Component
class SuspendedTenantCache implements TenantSuspensions {

	private record Snapshot(Set<String> suspended, Instant readAt) {
	}

	private final TenantRepository tenants;
	private final Clock clock;
	private final Duration refresh;
	private volatile Snapshot snapshot;

	SuspendedTenantCache(TenantRepository tenants, Clock clock,
			@Value("${jmlhub.tenants.suspension-refresh:5s}") Duration refresh) {
		this.tenants = tenants;
		this.clock = clock;
		this.refresh = refresh;
	}

	@Override
	public boolean isSuspended(String tenantId) {
		Snapshot current = snapshot;
		Instant now = clock.instant();
		if (current == null || !now.isBefore(current.readAt().plus(refresh))) {
			current = new Snapshot(tenants.suspended(), now);
			snapshot = current;
		}
		return current.suspended().contains(tenantId);
	}

	void invalidate() {
		snapshot = null;
	}
}
