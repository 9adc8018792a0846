package workflow;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What happens to an active stage nobody decided {@code after} its activation: its escalation
 * target is told, and with {@code addApprover} becomes an eligible assignee of the stage. The target
 * is the manager of the employee's manager ({@code group} null) or the members of {@code group};
 * {@code fallbackGroup} (may be null) stands in when the manager's manager cannot be found. The
 * assignees are warned {@code warnBefore} ahead (null: no warning).
 */
public record EscalationPolicy(Duration after, String group, String fallbackGroup, boolean addApprover,
		Duration warnBefore) {

	/** The JSON value of {@code to} naming the manager of the employee's manager. */
	public static final String MANAGER_OF_MANAGER = "manager_of_manager";

	public Instant escalatesAt(Instant activatedAt) {
		return activatedAt.plus(after);
	}

	/** When the assignees are warned, or null without a warning. */
	public Instant warnsAt(Instant activatedAt) {
		return warnBefore == null ? null : escalatesAt(activatedAt).minus(warnBefore);
	}

	/** The definition's JSON of it: {@code to} is {@value #MANAGER_OF_MANAGER} or {@code {"group": name}}. */
	@JsonValue
	public Map<String, Object> json() {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("after", after.toString());
		json.put("to", group == null ? MANAGER_OF_MANAGER : Map.of("group", group));
		if (fallbackGroup != null) {
			json.put("fallbackGroup", fallbackGroup);
		}
		json.put("addApprover", addApprover);
		if (warnBefore != null) {
			json.put("warnBefore", warnBefore.toString());
		}
		return json;
	}

	/** From {@link #json()}; null for null. */
	@SuppressWarnings("unchecked")
	public static EscalationPolicy of(Map<String, Object> json) {
		if (json == null) {
			return null;
		}
		Object to = json.get("to");
		Object warnBefore = json.get("warnBefore");
		return new EscalationPolicy(Duration.parse((String) json.get("after")),
				to instanceof Map<?, ?> named ? (String) ((Map<String, Object>) named).get("group") : null,
				(String) json.get("fallbackGroup"), Boolean.TRUE.equals(json.get("addApprover")),
				warnBefore == null ? null : Duration.parse((String) warnBefore));
	}
}
