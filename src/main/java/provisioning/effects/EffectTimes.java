package provisioning.effects;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * When an effect may first be attempted (its not-before time). Dates are read in UTC until users
 * have time zones; a time that has passed means at once ({@code now}).
 */
final class EffectTimes {

	private EffectTimes() {
	}

	/** A leaver's revocation: the end of the last day, i.e. the start of the next one; at once without a last day. */
	static Instant revocation(LocalDate lastDay, Instant now) {
		return lastDay == null ? now : notBefore(lastDay.plusDays(1), now);
	}

	/** A mover's change: the start of the transfer's effective date; at once without one. */
	static Instant move(LocalDate effectiveDate, Instant now) {
		return effectiveDate == null ? now : notBefore(effectiveDate, now);
	}

	/**
	 * The enabling of an account created disabled until the employee's start date: the start of that
	 * day; null when it has begun or is unknown (the account is created enabled at once).
	 */
	static Instant enable(LocalDate startDate, Instant now) {
		if (startDate == null) {
			return null;
		}
		Instant start = startDate.atStartOfDay(ZoneOffset.UTC).toInstant();
		return start.isAfter(now) ? start : null;
	}

	/** The deletion of a disabled account, {@code days} after the disable applied ({@code disabledAt}). */
	static Instant deletion(Instant disabledAt, int days) {
		return disabledAt.plus(Duration.ofDays(days));
	}

	private static Instant notBefore(LocalDate day, Instant now) {
		Instant start = day.atStartOfDay(ZoneOffset.UTC).toInstant();
		return start.isAfter(now) ? start : now;
	}
}
