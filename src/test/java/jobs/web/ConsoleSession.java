package jobs.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A signed-in console session over plain HTTP (cookies and the CSRF token), for page tests without a browser. */
final class ConsoleSession {

	private static final Pattern CSRF = Pattern.compile("<meta name=\"_csrf\" content=\"([^\"]+)\"");

	private final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
	private final String base;
	private String csrf;

	private ConsoleSession(int port) {
		this.base = "http://localhost:" + port;
	}

	static ConsoleSession login(int port, String user) {
		ConsoleSession session = new ConsoleSession(port);
		session.csrf = session.csrfOf(session.get("/login").body());
		var login = session.send(HttpRequest.newBuilder(URI.create(session.base + "/login"))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString("username=" + user + "&password=demo&_csrf="
					+ URLEncoder.encode(session.csrf, StandardCharsets.UTF_8))));
		assertThat(login.statusCode()).as("login of " + user).isEqualTo(302);
		assertThat(login.headers().firstValue("Location")).hasValueSatisfying(l -> assertThat(l).doesNotContain("error"));
		// the session (and its CSRF token) changes at login
		session.csrf = session.csrfOf(session.get("/login").body());
		return session;
	}

	HttpResponse<String> get(String path) {
		return send(HttpRequest.newBuilder(URI.create(base + path)).header("Accept", "text/html"));
	}

	/** An htmx-style POST: CSRF token in the header, as the layout's hx-headers send it. */
	HttpResponse<String> htmxPost(String path, boolean withCsrf) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
			.header("HX-Request", "true")
			.POST(HttpRequest.BodyPublishers.noBody());
		if (withCsrf) {
			request.header("X-CSRF-TOKEN", csrf);
		}
		return send(request);
	}

	private String csrfOf(String html) {
		Matcher matcher = CSRF.matcher(html);
		assertThat(matcher.find()).as("CSRF meta tag").isTrue();
		return matcher.group(1);
	}

	private HttpResponse<String> send(HttpRequest.Builder request) {
		try {
			return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (Exception e) {
			throw new IllegalStateException(e);
		}
	}
}
