package access;

import java.util.List;

/**
 * A package of the tenant's access catalog.
 *
 * @param key its stable name in requests and the API ({@code finance-share})
 * @param name what people see
 * @param description what it gives and why one would ask for it
 * @param entitlements the provisioning grant labels it gives (the tenant's entitlements say what
 *        each means in the directories)
 * @param departments who may request it: employees of these departments; empty: any employee user
 * @param policy who approves ({@link ApprovalPolicy})
 * @param group the approving group of a group step (null under {@code manager})
 * @param quorum how many of the group approve (1 when null)
 * @param maxDays the longest an approval lasts, in days
 * @param justificationRequired whether a request must say why
 * @param attachmentRequired whether a request must carry an attachment (kept in the model; the
 *        attachment store is wired in separately)
 * @param incompatibleWith packages the beneficiary must not hold together with this one
 */
public record AccessPackage(String key, String name, String description, List<String> entitlements,
		List<String> departments, ApprovalPolicy policy, String group, Integer quorum, Integer maxDays,
		Boolean justificationRequired, Boolean attachmentRequired, List<String> incompatibleWith) {

	public AccessPackage {
		entitlements = entitlements == null ? List.of() : List.copyOf(entitlements);
		departments = departments == null ? List.of() : List.copyOf(departments);
		incompatibleWith = incompatibleWith == null ? List.of() : List.copyOf(incompatibleWith);
	}

	public int quorumOrOne() {
		return quorum == null ? 1 : quorum;
	}

	public boolean needsJustification() {
		return Boolean.TRUE.equals(justificationRequired);
	}

	public boolean needsAttachment() {
		return Boolean.TRUE.equals(attachmentRequired);
	}

	/** Whether an employee of {@code department} may ask for it (a user without HR record: only when open to all). */
	public boolean openTo(String department) {
		return departments.isEmpty() || (department != null && departments.contains(department));
	}
}
