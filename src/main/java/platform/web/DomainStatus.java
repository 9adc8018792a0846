package platform.web;

import java.net.URI;

import org.springframework.http.HttpStatus;

import platform.DomainException;

/** The one mapping of domain refusals to HTTP: a status and a stable problem type per kind. */
final class DomainStatus {

	private DomainStatus() {
	}

	static HttpStatus of(DomainException e) {
		return switch (e.kind()) {
			case NOT_FOUND -> HttpStatus.NOT_FOUND;
			case CONFLICT, STALE -> HttpStatus.CONFLICT;
			case FORBIDDEN -> HttpStatus.FORBIDDEN;
			case INVALID_INPUT -> HttpStatus.BAD_REQUEST;
			case UNPROCESSABLE -> HttpStatus.UNPROCESSABLE_CONTENT;
			case PRECONDITION_REQUIRED -> HttpStatus.PRECONDITION_REQUIRED;
			case PRECONDITION_FAILED -> HttpStatus.PRECONDITION_FAILED;
			case TOO_LARGE -> HttpStatus.PAYLOAD_TOO_LARGE;
			case UNSUPPORTED_TYPE -> HttpStatus.UNSUPPORTED_MEDIA_TYPE;
		};
	}

	static URI typeOf(DomainException e) {
		if (e.problem() != null && e.problem().matches("[a-z]+(-[a-z]+)*")) {
			return ProblemTypes.named(e.problem());
		}
		return switch (e.kind()) {
			case NOT_FOUND -> ProblemTypes.NOT_FOUND;
			case CONFLICT -> ProblemTypes.CONFLICT;
			case STALE -> ProblemTypes.STALE;
			case FORBIDDEN -> ProblemTypes.FORBIDDEN;
			case INVALID_INPUT -> ProblemTypes.VALIDATION;
			case UNPROCESSABLE -> ProblemTypes.UNPROCESSABLE;
			case PRECONDITION_REQUIRED -> ProblemTypes.PRECONDITION_REQUIRED;
			case PRECONDITION_FAILED -> ProblemTypes.PRECONDITION_FAILED;
			case TOO_LARGE -> ProblemTypes.PAYLOAD_TOO_LARGE;
			case UNSUPPORTED_TYPE -> ProblemTypes.UNSUPPORTED_MEDIA_TYPE;
		};
	}
}
