package platform.admin;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

import platform.DomainException;
import platform.security.PlatformAuditRepository.Filter;

/** The audit trail's filter from request parameters: instants or dates (a date is its UTC midnight), checked. */
public final class AuditFilters {

	private AuditFilters() {
	}

	/** The filter of the given parameters; a 400 naming the parameter when a time cannot be read or the range is empty. */
	public static Filter of(String from, String to, String actor, String action, String subject) {
		Filter filter = new Filter(time("from", from), time("to", to), actor, action, subject);
		check(filter);
		return filter;
	}

	static void check(Filter filter) {
		if (filter.from() != null && filter.to() != null && !filter.from().isBefore(filter.to())) {
			throw new DomainException.InvalidInput("to", "must be after from");
		}
	}

	private static Instant time(String name, String value) {
		if (value == null || value.isBlank()) {
			return null;
		}
		String text = value.strip();
		try {
			return text.length() == 10 ? LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant()
					: OffsetDateTime.parse(text).toInstant();
		}
		catch (DateTimeParseException e) {
			throw new DomainException.InvalidInput(name, "must be a date (2030-01-31) or an instant with offset (2030-01-31T09:00:00Z)");
		}
	}
}
