package hr;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import platform.Badge;

/**
 * An employee's account on one directory {@code target} as the read-back receipts know it: its
 * {@code dn}, whether it exists, its groups, when it last changed and by which run; and the
 * latest effect on it ({@code operation}, {@code status} with its {@code badge}, {@code lastError})
 * so a failed one can be retried ({@code effectId}). Reported through {@link EmployeeAccounts}.
 */
public record EmployeeAccount(String target, String dn, boolean exists, List<String> groups, Instant changedAt,
		UUID runId, UUID effectId, String operation, String status, Badge badge, String lastError) {

	public boolean retryable() {
		return "failed".equals(status);
	}
}
