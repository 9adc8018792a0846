package platform;

import java.util.Map;

/**
 * A domain refusal the caller caused: the thing does not exist (for this tenant), conflicts with
 * the current state, is not allowed for this user, or has invalid fields. Services throw the
 * specific subclasses and know nothing of HTTP; the platform's web layer maps each kind to its
 * status and problem {@code type} (API) or error page (console). Nothing was written.
 */
public abstract sealed class DomainException extends RuntimeException
		permits DomainException.NotFound, DomainException.Conflict, DomainException.Forbidden, DomainException.InvalidInput,
		DomainException.Unprocessable, DomainException.PreconditionRequired, DomainException.PreconditionFailed,
		DomainException.TooLarge, DomainException.UnsupportedType {

	/** What kind of refusal this is; the web layer maps each kind to a status. */
	public enum Kind {
		NOT_FOUND, CONFLICT,
		/** A conflict because the request names a state that has changed since the caller read it. */
		STALE, FORBIDDEN, INVALID_INPUT, UNPROCESSABLE,
		/** A write that must say which version it changes did not. */
		PRECONDITION_REQUIRED,
		/** The version the caller's If-Match names is no longer the current one. */
		PRECONDITION_FAILED,
		/** The content (an upload) is larger than allowed. */
		TOO_LARGE,
		/** The content's type (sniffed from its bytes, not as declared) is not accepted. */
		UNSUPPORTED_TYPE
	}

	private final Kind kind;
	private final Map<String, String> fieldErrors;
	private final String problem;

	private DomainException(Kind kind, String message, Map<String, String> fieldErrors) {
		this(kind, message, fieldErrors, null);
	}

	private DomainException(Kind kind, String message, Map<String, String> fieldErrors, String problem) {
		super(message);
		this.kind = kind;
		this.fieldErrors = Map.copyOf(fieldErrors);
		this.problem = problem;
	}

	/**
	 * A stable name for this particular refusal (lower-case words joined by '-', such as
	 * {@code separation-of-duties}) that the web layer turns into the problem {@code type}
	 * instead of the kind's; null: the kind's type.
	 */
	public String problem() {
		return problem;
	}

	public Kind kind() {
		return kind;
	}

	/** Per-field messages of an {@link InvalidInput}, {@link Unprocessable} or stale {@link Conflict}; empty for the others. */
	public Map<String, String> fieldErrors() {
		return fieldErrors;
	}

	/** Unknown, or belongs to another tenant (which is the same thing to the caller). */
	public static final class NotFound extends DomainException {
		public NotFound(String message) {
			super(Kind.NOT_FOUND, message, Map.of());
		}
	}

	/** The request conflicts with the current state. */
	public static final class Conflict extends DomainException {
		public Conflict(String message) {
			super(Kind.CONFLICT, message, Map.of());
		}

		/** A conflict with its own stable {@link #problem()} name. */
		public Conflict(String message, String problem) {
			super(Kind.CONFLICT, message, Map.of(), problem);
		}

		private Conflict(String message, Map<String, String> fieldErrors) {
			super(Kind.STALE, message, fieldErrors);
		}

		/**
		 * The request names a state that has changed since the caller read it (a stage that is no
		 * longer the run's current one, a version that is no longer the employee's): reload and
		 * decide again. Still a {@link Conflict}, so callers that handle conflicts handle it too.
		 */
		public static Conflict stale(String message, String field, String fieldMessage) {
			return new Conflict(message, Map.of(field, fieldMessage));
		}
	}

	/** A write that must name the version it changes (If-Match or {@code version}) named none. */
	public static final class PreconditionRequired extends DomainException {
		public PreconditionRequired(String message) {
			super(Kind.PRECONDITION_REQUIRED, message, Map.of());
		}
	}

	/** The version named in If-Match is not the current one: someone else changed the thing. */
	public static final class PreconditionFailed extends DomainException {
		public PreconditionFailed(String message) {
			super(Kind.PRECONDITION_FAILED, message, Map.of());
		}
	}

	/** Authenticated but not allowed (role or assignment). */
	public static final class Forbidden extends DomainException {
		public Forbidden(String message) {
			super(Kind.FORBIDDEN, message, Map.of());
		}

		/** A refusal with its own stable {@link #problem()} name. */
		public Forbidden(String message, String problem) {
			super(Kind.FORBIDDEN, message, Map.of(), problem);
		}
	}

	/** Invalid fields, each with its message. */
	public static final class InvalidInput extends DomainException {
		public InvalidInput(Map<String, String> fieldErrors) {
			super(Kind.INVALID_INPUT, "The request has invalid fields.", fieldErrors);
		}

		public InvalidInput(String field, String message) {
			this(Map.of(field, message));
		}
	}

	/**
	 * Well-formed, but it cannot work as asked (a definition whose quorum its group cannot meet, a
	 * stage naming an unknown group): each reason keyed by the field it is about.
	 */
	public static final class Unprocessable extends DomainException {
		public Unprocessable(String message, Map<String, String> reasons) {
			super(Kind.UNPROCESSABLE, message, reasons);
		}
	}

	/** The content (an upload) is larger than allowed; nothing of it was kept. */
	public static final class TooLarge extends DomainException {
		public TooLarge(String message) {
			super(Kind.TOO_LARGE, message, Map.of());
		}
	}

	/** The content's type, as its bytes show it, is not accepted (an executable, an archive, an unknown binary). */
	public static final class UnsupportedType extends DomainException {
		public UnsupportedType(String message) {
			super(Kind.UNSUPPORTED_TYPE, message, Map.of());
		}
	}
}
