package platform.web;

import java.time.LocalDate;
import java.time.temporal.Temporal;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import org.springframework.http.converter.HttpMessageNotReadableException;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * The field a JSON body failed on, for a 400 that names it: {@code {"startDate": "is not a date
 * (YYYY-MM-DD)"}}. Empty when the body is not JSON at all (then the problem is "malformed").
 */
final class BodyErrors {

	private BodyErrors() {
	}

	static Map<String, String> of(HttpMessageNotReadableException e) {
		if (!(e.getCause() instanceof MismatchedInputException mismatch) || mismatch.getPath().isEmpty()) {
			return Map.of();
		}
		return Map.of(path(mismatch), message(mismatch));
	}

	private static String path(JacksonException e) {
		return e.getPath().stream()
			.map(reference -> reference.getPropertyName() != null ? reference.getPropertyName()
					: "[" + reference.getIndex() + "]")
			.collect(Collectors.joining("."))
			.replace(".[", "[");
	}

	private static String message(MismatchedInputException e) {
		if (e instanceof UnrecognizedPropertyException) {
			return "is not a field of this request";
		}
		Class<?> target = e.getTargetType();
		if (e instanceof InvalidFormatException && target == String.class) {
			return SafeText.NOT_ALLOWED;
		}
		if (target == LocalDate.class) {
			return "is not a date (YYYY-MM-DD)";
		}
		if (target != null && Temporal.class.isAssignableFrom(target)) {
			return "is not a timestamp (ISO-8601)";
		}
		if (target == UUID.class) {
			return "is not an id (a UUID)";
		}
		if (target == boolean.class || target == Boolean.class) {
			return "must be true or false";
		}
		if (target != null && (Number.class.isAssignableFrom(target) || target.isPrimitive())) {
			return "is not a number of the expected kind";
		}
		return "has an invalid value";
	}
}
