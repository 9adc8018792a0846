package notifications.web;

import notifications.NotificationStatus;
import platform.Badge;
import platform.Badge.Tone;

/** A notification's status as the Mail page shows it. */
final class MailBadges {

	private MailBadges() {
	}

	static Badge of(NotificationStatus status) {
		return Badge.of(status, switch (status) {
			case SENT -> Tone.SUCCESS;
			case FAILED -> Tone.DANGER;
			case PENDING -> Tone.WARNING;
			case SENDING -> Tone.INFO;
			case NOT_CONFIGURED -> Tone.SECONDARY;
			case SKIPPED -> Tone.LIGHT;
			case DIGESTED -> Tone.PRIMARY;
		});
	}
}
