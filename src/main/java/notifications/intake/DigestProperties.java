package notifications.intake;

import java.time.ZoneId;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The daily digest: the hour of the day ({@code hour}, 0–23, in {@code zone}) from which each
 * recipient's digest of what arrived before it is sent (NOTIFICATIONS_DIGEST_HOUR,
 * NOTIFICATIONS_DIGEST_ZONE).
 */
@ConfigurationProperties("jmlhub.notifications.digest")
public record DigestProperties(int hour, ZoneId zone) {

	public DigestProperties {
		if (hour < 0 || hour > 23) {
			throw new IllegalArgumentException("NOTIFICATIONS_DIGEST_HOUR is an hour of the day, 0 to 23: " + hour);
		}
		zone = zone == null ? ZoneId.of("UTC") : zone;
	}
}
