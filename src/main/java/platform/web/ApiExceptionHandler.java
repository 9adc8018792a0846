package platform.web;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.ConstraintViolationException;

import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

import platform.DomainException;
import platform.ObjectStoreUnavailableException;
import platform.OutageLog;
import platform.TemporalUnavailableException;

/**
 * Every JSON API error is {@code application/problem+json} with a stable {@code type}; bad input
 * carries its field errors; unexpected failures are logged and answered without internals.
 */
@RestControllerAdvice(annotations = RestController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class ApiExceptionHandler extends ResponseEntityExceptionHandler {

	private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);
	private static final Pattern TOMCAT_PARAMETER = Pattern.compile("Parameter \\[([^\\]]{1,100})\\]");

	private final Duration retryAfter;

	private final OutageLog outages;

	ApiExceptionHandler(@Value(DatabaseOutage.RETRY_AFTER_SETTING) Duration retryAfter, OutageLog outages) {
		this.outages = outages;
		this.retryAfter = retryAfter;
	}

	@ExceptionHandler(DomainException.class)
	ResponseEntity<ProblemDetail> domainRefusal(DomainException e, HttpServletRequest request) {
		ProblemDetail problem = problem(DomainStatus.of(e), DomainStatus.typeOf(e), e.getMessage(), request);
		if (!e.fieldErrors().isEmpty()) {
			problem.setProperty("errors", e.fieldErrors());
		}
		return respond(problem);
	}

	@ExceptionHandler(AccessDeniedException.class)
	ResponseEntity<ProblemDetail> accessDenied(AccessDeniedException e, HttpServletRequest request) {
		return respond(problem(HttpStatus.FORBIDDEN, ProblemTypes.FORBIDDEN, "You may not do this.", request));
	}

	@ExceptionHandler({ ConstraintViolationException.class, MethodArgumentTypeMismatchException.class })
	ResponseEntity<ProblemDetail> badParameter(Exception e, HttpServletRequest request) {
		Map<String, String> errors = new LinkedHashMap<>();
		if (e instanceof ConstraintViolationException violations) {
			violations.getConstraintViolations()
				.forEach(v -> errors.put(lastNode(v.getPropertyPath().toString()), v.getMessage()));
		}
		else if (e instanceof MethodArgumentTypeMismatchException mismatch) {
			errors.put(mismatch.getName(), mismatch.getRequiredType() == String.class ? SafeText.NOT_ALLOWED
					: "has an invalid value");
		}
		ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, ProblemTypes.VALIDATION,
				"The request has invalid parameters.", request);
		problem.setProperty("errors", errors);
		return respond(problem);
	}

	/** Tomcat could not decode a parameter (invalid UTF-8 after percent-decoding): the caller's mistake. */
	@ExceptionHandler(InvalidParameterException.class)
	ResponseEntity<ProblemDetail> undecodableParameter(InvalidParameterException e, HttpServletRequest request) {
		ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, ProblemTypes.VALIDATION,
				"The request has invalid parameters.", request);
		Matcher name = TOMCAT_PARAMETER.matcher(String.valueOf(e.getMessage()));
		problem.setProperty("errors", Map.of(name.find() ? name.group(1) : "parameters", SafeText.NOT_ALLOWED));
		return respond(problem);
	}

	/** Temporal did not answer in time: 503, nothing was changed, the caller may send the same request again. */
	@ExceptionHandler(TemporalUnavailableException.class)
	ResponseEntity<ProblemDetail> temporalUnavailable(TemporalUnavailableException e, HttpServletRequest request) {
		log.warn("{} {}: Temporal is unavailable ({})", request.getMethod(), request.getRequestURI(),
				e.getCause() == null ? e.getMessage() : e.getCause().getMessage());
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.header(HttpHeaders.RETRY_AFTER, DatabaseOutage.retryAfter(retryAfter))
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.body(problem(HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.TEMPORAL_UNAVAILABLE, e.getMessage(), request));
	}

	/** The object store did not answer: 503, nothing was kept, the caller may send the same request again. */
	@ExceptionHandler(ObjectStoreUnavailableException.class)
	ResponseEntity<ProblemDetail> objectStoreUnavailable(ObjectStoreUnavailableException e, HttpServletRequest request) {
		log.warn("{} {}: the object store is unavailable ({})", request.getMethod(), request.getRequestURI(),
				e.getCause() == null ? e.getMessage() : e.getCause().toString());
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.header(HttpHeaders.RETRY_AFTER, DatabaseOutage.retryAfter(retryAfter))
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.body(problem(HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.OBJECTSTORE_UNAVAILABLE,
					"The attachment store is temporarily unavailable; nothing was kept. Try again shortly.", request));
	}

	@ExceptionHandler(Exception.class)
	ResponseEntity<ProblemDetail> unexpected(Exception e, HttpServletRequest request) {
		if (DatabaseOutage.isOutage(e)) {
			outages.failed(DatabaseOutage.COMPONENT, e);
			return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
				.header(HttpHeaders.RETRY_AFTER, DatabaseOutage.retryAfter(retryAfter))
				.contentType(MediaType.APPLICATION_PROBLEM_JSON)
				.body(problem(HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.SERVICE_UNAVAILABLE,
						"The service is temporarily unavailable. Try again shortly.", request));
		}
		var refusal = DatabaseRefusal.of(e);
		if (refusal.isPresent()) {
			log.info("{} {}: the database refused a value ({})", request.getMethod(), request.getRequestURI(), e.toString());
			return respond(problem(refusal.get(), refusal.get() == HttpStatus.CONFLICT ? ProblemTypes.CONFLICT
					: ProblemTypes.VALIDATION, refusal.get() == HttpStatus.CONFLICT
							? "The request conflicts with the stored data; nothing was changed."
							: "A value of the request is too long or not allowed; nothing was changed.", request));
		}
		log.error("Unhandled error on {} {}", request.getMethod(), request.getRequestURI(), e);
		return respond(problem(HttpStatus.INTERNAL_SERVER_ERROR, ProblemTypes.INTERNAL,
				"An unexpected error occurred.", request));
	}

	@Override
	protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException e,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		Map<String, String> errors = new LinkedHashMap<>();
		for (FieldError error : e.getBindingResult().getFieldErrors()) {
			errors.putIfAbsent(error.getField(), error.getDefaultMessage());
		}
		e.getBindingResult().getGlobalErrors().forEach(error -> errors.putIfAbsent(error.getObjectName(), error.getDefaultMessage()));
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, "The request has invalid fields.");
		problem.setType(ProblemTypes.VALIDATION);
		problem.setProperty("errors", errors);
		return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

	@Override
	protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException e,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		Map<String, String> errors = BodyErrors.of(e);
		if (!errors.isEmpty()) {
			ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, "The request has invalid fields.");
			problem.setType(ProblemTypes.VALIDATION);
			problem.setProperty("errors", errors);
			return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
		}
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
				"The request body is missing or is not valid JSON for this operation.");
		problem.setType(ProblemTypes.MALFORMED);
		return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

	@Override
	protected ResponseEntity<Object> handleExceptionInternal(Exception e, Object body, HttpHeaders headers,
			HttpStatusCode status, WebRequest request) {
		ResponseEntity<Object> response = super.handleExceptionInternal(e, body, headers, status, request);
		if (response.getBody() instanceof ProblemDetail problem
				&& (problem.getType() == null || URI.create("about:blank").equals(problem.getType()))) {
			problem.setType(ProblemErrorController.typeOf(HttpStatus.valueOf(status.value())));
		}
		return ResponseEntity.status(response.getStatusCode())
			.headers(response.getHeaders())
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.body(response.getBody());
	}

	private static ProblemDetail problem(HttpStatusCode status, URI type, String detail, HttpServletRequest request) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setType(type);
		problem.setInstance(URI.create(request.getRequestURI()));
		return problem;
	}

	private static ResponseEntity<ProblemDetail> respond(ProblemDetail problem) {
		return ResponseEntity.status(problem.getStatus()).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

	private static String lastNode(String path) {
		int dot = path.lastIndexOf('.');
		return dot < 0 ? path : path.substring(dot + 1);
	}
}
