package platform.web;

import java.io.IOException;

import jakarta.servlet.http.HttpServletResponse;

import org.apache.tomcat.util.http.InvalidParameterException;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;

import platform.DomainException;

/** Console pages: a domain 404/403/409 renders the error page of that status in the layout. */
@ControllerAdvice(annotations = Controller.class)
class PageExceptionHandler {

	/** Tomcat could not decode a parameter (invalid UTF-8): a 400 page, not a 500. */
	@ExceptionHandler(InvalidParameterException.class)
	void undecodableParameter(HttpServletResponse response) throws IOException {
		response.sendError(HttpServletResponse.SC_BAD_REQUEST, SafeText.NOT_ALLOWED);
	}

	@ExceptionHandler(DomainException.class)
	void domainRefusal(DomainException e, HttpServletResponse response) throws IOException {
		response.sendError(DomainStatus.of(e).value(), e.getMessage());
	}
}
