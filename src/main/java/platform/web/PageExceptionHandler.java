package platform.web;

import java.io.IOException;
import java.time.Duration;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.transaction.TransactionException;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;

import platform.DomainException;
import platform.ObjectStoreUnavailableException;
import platform.OutageLog;

/** Console pages: a domain 404/403/409 renders the error page of that status in the layout; a database outage the 503 page. */
@ControllerAdvice(annotations = Controller.class)
class PageExceptionHandler {

	private static final Logger log = LoggerFactory.getLogger(PageExceptionHandler.class);

	private final Duration retryAfter;

	private final OutageLog outages;

	PageExceptionHandler(@Value(DatabaseOutage.RETRY_AFTER_SETTING) Duration retryAfter, OutageLog outages) {
		this.outages = outages;
		this.retryAfter = retryAfter;
	}

	/** Tomcat could not decode a parameter (invalid UTF-8): a 400 page, not a 500. */
	@ExceptionHandler(InvalidParameterException.class)
	void undecodableParameter(HttpServletResponse response) throws IOException {
		response.sendError(HttpServletResponse.SC_BAD_REQUEST, SafeText.NOT_ALLOWED);
	}

	/**
	 * The database is down: the "temporarily unavailable" page, rendered here (not through the error
	 * dispatch, whose model attributes would ask the database again).
	 */
	@ExceptionHandler({ DataAccessException.class, TransactionException.class })
	ModelAndView databaseFailure(Exception e, HttpServletRequest request, HttpServletResponse response) throws Exception {
		if (!DatabaseOutage.isOutage(e)) {
			var refusal = DatabaseRefusal.of(e);
			if (refusal.isPresent()) {
				log.info("{} {}: the database refused a value ({})", request.getMethod(), request.getRequestURI(),
						e.toString());
				response.sendError(refusal.get().value(), refusal.get() == HttpStatus.CONFLICT
						? "That conflicts with the stored data; nothing was changed."
						: "A value is too long or not allowed; nothing was changed.");
				return null;
			}
			throw e;
		}
		outages.failed(DatabaseOutage.COMPONENT, e);
		response.setHeader(HttpHeaders.RETRY_AFTER, DatabaseOutage.retryAfter(retryAfter));
		ModelAndView page = new ModelAndView("error/503");
		page.setStatus(HttpStatus.SERVICE_UNAVAILABLE);
		page.addObject("retryAfterSeconds", DatabaseOutage.retryAfter(retryAfter));
		return page;
	}

	/** The object store did not answer: 503 with Retry-After, nothing was kept. */
	@ExceptionHandler(ObjectStoreUnavailableException.class)
	void objectStoreUnavailable(ObjectStoreUnavailableException e, HttpServletResponse response) throws IOException {
		response.setHeader(HttpHeaders.RETRY_AFTER, DatabaseOutage.retryAfter(retryAfter));
		response.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE,
				"The attachment store is temporarily unavailable; nothing was kept. Try again shortly.");
	}

	/** An upload form posted without its file (or not as multipart): a 400 page, not a 500. */
	@ExceptionHandler({ MultipartException.class, MissingServletRequestPartException.class })
	void noFile(HttpServletResponse response) throws IOException {
		response.sendError(HttpServletResponse.SC_BAD_REQUEST, "Choose a file to upload.");
	}

	@ExceptionHandler(DomainException.class)
	void domainRefusal(DomainException e, HttpServletResponse response) throws IOException {
		response.sendError(DomainStatus.of(e).value(), e.getMessage());
	}
}
