package notifications.web;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.UUID;

import notifications.NotificationKind;
import notifications.NotificationStatus;
import notifications.store.NotificationFilter;
import platform.DomainException;
import platform.LowerCaseName;

/**
 * The notification lists' filter from request parameters, checked: a value that names no kind or
 * status, a time that cannot be read, an empty range or a malformed id is the caller's mistake
 * (400 naming the parameter). A time is an instant with offset or a date (its UTC midnight), as
 * the audit API reads them.
 */
final class NotificationFilters {

	static final int DEFAULT_LIMIT = 50;
	static final int MAX_LIMIT = 200;

	private NotificationFilters() {
	}

	static NotificationFilter of(String recipient, String kind, String status, String from, String to, String id) {
		NotificationFilter filter = new NotificationFilter(blankToNull(recipient),
				named(NotificationKind.class, "kind", kind), named(NotificationStatus.class, "status", status),
				time("from", from), time("to", to), id(id));
		if (filter.from() != null && filter.to() != null && !filter.from().isBefore(filter.to())) {
			throw new DomainException.InvalidInput("to", "must be after from");
		}
		return filter;
	}

	static int limit(Integer requested) {
		if (requested == null) {
			return DEFAULT_LIMIT;
		}
		if (requested < 1 || requested > MAX_LIMIT) {
			throw new DomainException.InvalidInput("limit", "must be between 1 and " + MAX_LIMIT);
		}
		return requested;
	}

	private static <E extends Enum<E> & LowerCaseName> E named(Class<E> type, String field, String value) {
		if (value == null || value.isBlank()) {
			return null;
		}
		if (!LowerCaseName.values(type).contains(value.strip())) {
			throw new DomainException.InvalidInput(field, "is not one of " + LowerCaseName.values(type));
		}
		return LowerCaseName.parse(type, value.strip());
	}

	private static Instant time(String field, String value) {
		if (value == null || value.isBlank()) {
			return null;
		}
		String text = value.strip();
		try {
			return text.length() == 10 ? LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant()
					: OffsetDateTime.parse(text).toInstant();
		}
		catch (DateTimeParseException e) {
			throw new DomainException.InvalidInput(field,
					"must be a date (2030-01-31) or an instant with offset (2030-01-31T09:00:00Z)");
		}
	}

	private static UUID id(String value) {
		if (value == null || value.isBlank()) {
			return null;
		}
		try {
			return UUID.fromString(value.strip());
		}
		catch (IllegalArgumentException e) {
			throw new DomainException.InvalidInput("id", "is not a notification id");
		}
	}

	private static String blankToNull(String value) {
		return value == null || value.isBlank() ? null : value.strip();
	}
}
