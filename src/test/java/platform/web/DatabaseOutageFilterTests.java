package platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLTransientConnectionException;
import java.time.Clock;
import java.time.Duration;

import jakarta.servlet.FilterChain;

import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.servlet.View;
import org.springframework.web.servlet.ViewResolver;

import platform.OutageLog;
import tools.jackson.databind.json.JsonMapper;

/**
 * A database outage thrown by a filter behind the sign-in (the pool had no connection left when the
 * second factor's gate asked) is answered 503 with Retry-After, problem+json on the API and the
 * unavailable page on the console, and is said once in the outage log; any other failure passes on.
 */
class DatabaseOutageFilterTests {

	final OutageLog outages = new OutageLog(Clock.systemUTC());

	// the console's page as the view resolver finds it; here a view that names what it was given
	final ViewResolver pages = (name, locale) -> (View) (model, request, response) -> response.getWriter()
		.write(name + " retry " + model.get("retryAfterSeconds"));

	final DatabaseOutageFilter filter = new DatabaseOutageFilter(JsonMapper.builder().build(), pages, Duration.ofSeconds(7),
			outages);

	final FilterChain poolExhausted = (request, response) -> {
		response.getWriter().write("half");
		throw new CannotGetJdbcConnectionException("Failed to obtain JDBC Connection",
				new SQLTransientConnectionException("HikariPool-1 - Connection is not available"));
	};

	@Test
	void theApiGets503ProblemJsonWithRetryAfter() throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();
		filter.doFilter(new MockHttpServletRequest("GET", "/v1/me"), response, poolExhausted);

		assertThat(response.getStatus()).isEqualTo(503);
		assertThat(response.getContentType()).isEqualTo("application/problem+json");
		assertThat(response.getHeader("Retry-After")).isEqualTo("7");
		assertThat(response.getContentAsString()).contains("problems/service-unavailable", "\"instance\":\"/v1/me\"")
			.doesNotContain("half", "Hikari", "Exception");
		assertThat(outages.failing(DatabaseOutage.COMPONENT)).isTrue();
	}

	@Test
	void scimGetsAScimError() throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();
		filter.doFilter(new MockHttpServletRequest("GET", "/scim/v2/Users"), response, poolExhausted);

		assertThat(response.getStatus()).isEqualTo(503);
		assertThat(response.getContentType()).isEqualTo("application/scim+json");
		assertThat(response.getContentAsString()).contains("urn:ietf:params:scim:api:messages:2.0:Error", "\"503\"");
	}

	@Test
	void theConsoleGetsTheUnavailablePage() throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();
		filter.doFilter(new MockHttpServletRequest("GET", "/runs"), response, poolExhausted);

		assertThat(response.getStatus()).isEqualTo(503);
		assertThat(response.getHeader("Retry-After")).isEqualTo("7");
		assertThat(response.getContentAsString()).isEqualTo("error/503 retry 7");
	}

	@Test
	void anyOtherFailurePassesOnUntouched() {
		MockHttpServletResponse response = new MockHttpServletResponse();
		assertThatThrownBy(() -> filter.doFilter(new MockHttpServletRequest("GET", "/v1/me"), response,
				(request, answer) -> {
					throw new DataIntegrityViolationException("duplicate key");
				})).isInstanceOf(DataIntegrityViolationException.class);
		assertThat(outages.failing(DatabaseOutage.COMPONENT)).isFalse();
	}
}
