package platform;

import java.util.Collection;
import java.util.List;

/**
 * Which tenants a platform operator has suspended: nobody of theirs signs in and background work
 * (jobs, outbox dispatch) leaves them alone until they are resumed. Their data is kept. The answer
 * may lag a suspension made on another instance by a few seconds.
 */
public interface TenantSuspensions {

	boolean isSuspended(String tenantId);

	/** {@code tenants} without the suspended ones, in their order. */
	default List<String> active(Collection<String> tenants) {
		return tenants.stream().filter(tenant -> !isSuspended(tenant)).toList();
	}
}
