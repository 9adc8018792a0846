package platform;

import java.util.Map;

import org.springframework.http.HttpStatus;

/**
 * A failure the caller caused, answered as problem+json with the given status (and, for
 * validation, the field errors). Modules throw the specific subclasses.
 */
public abstract class ApiException extends RuntimeException {

	private final HttpStatus status;
	private final Map<String, String> fieldErrors;

	protected ApiException(HttpStatus status, String message, Map<String, String> fieldErrors) {
		super(message);
		this.status = status;
		this.fieldErrors = Map.copyOf(fieldErrors);
	}

	public HttpStatus status() {
		return status;
	}

	public Map<String, String> fieldErrors() {
		return fieldErrors;
	}

	/** 404: unknown, or belongs to another tenant (which is the same thing to the caller). */
	public static class NotFound extends ApiException {
		public NotFound(String message) {
			super(HttpStatus.NOT_FOUND, message, Map.of());
		}
	}

	/** 409: the request conflicts with the current state. */
	public static class Conflict extends ApiException {
		public Conflict(String message) {
			super(HttpStatus.CONFLICT, message, Map.of());
		}
	}

	/** 403: authenticated but not allowed (role or assignment). */
	public static class Forbidden extends ApiException {
		public Forbidden(String message) {
			super(HttpStatus.FORBIDDEN, message, Map.of());
		}
	}

	/** 400 with field errors; nothing was written. */
	public static class InvalidInput extends ApiException {
		public InvalidInput(Map<String, String> fieldErrors) {
			super(HttpStatus.BAD_REQUEST, "The request has invalid fields.", fieldErrors);
		}

		public InvalidInput(String field, String message) {
			this(Map.of(field, message));
		}
	}
}
