package notifications.webhooks;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import platform.Badge;

/** A registered webhook endpoint as shown to its admin: never its secret. */
record Endpoint(UUID id, String url, List<String> events, String status, Instant createdAt, String createdBy,
		Instant failingSince, Instant disabledAt, String disabledReason) {

	static final String ENABLED = "enabled";
	static final String DISABLED = "disabled";

	public boolean enabled() {
		return ENABLED.equals(status);
	}

	/** Its status as the pages show it. */
	public Badge badge() {
		return new Badge(status, enabled() ? failingSince == null ? Badge.Tone.SUCCESS : Badge.Tone.WARNING
				: Badge.Tone.DANGER);
	}
}
