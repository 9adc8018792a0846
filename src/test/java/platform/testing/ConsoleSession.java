package platform.testing;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A signed-in console session over plain HTTP (form login, session cookie, the CSRF token of the
 * last page) for page tests without a browser. Redirects are not followed so tests can assert them.
 */
public final class ConsoleSession {

	private static final Pattern CSRF_FIELD = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");
	private static final Pattern CSRF_META = Pattern.compile("<meta name=\"_csrf\" content=\"([^\"]+)\"");

	private final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
	private final String baseUrl;
	private String csrf;

	private ConsoleSession(int port) {
		this.baseUrl = "http://localhost:" + port;
	}

	/** Signs in as {@code user} (password {@code demo}); fails the test when the login fails. */
	public static ConsoleSession login(int port, String user) {
		ConsoleSession session = new ConsoleSession(port);
		Matcher token = CSRF_FIELD.matcher(session.get("/login").body());
		if (!token.find()) {
			throw new AssertionError("no CSRF field on the login page");
		}
		HttpResponse<String> response = session.send(HttpRequest.newBuilder(URI.create(session.baseUrl + "/login"))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(
					encode(Map.of("username", user, "password", "demo", "_csrf", token.group(1)))))
			.build());
		if (response.statusCode() != 302 || response.headers().firstValue("Location").orElse("").contains("error")) {
			throw new AssertionError("login of " + user + " failed: " + response.statusCode());
		}
		// the session, and with it the CSRF token, changes at login
		session.get("/login");
		return session;
	}

	/** A page as a browser asks for it; remembers the page's CSRF token. */
	public HttpResponse<String> get(String path) {
		HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(baseUrl + path))
			.header("Accept", "text/html")
			.GET()
			.build());
		Matcher meta = CSRF_META.matcher(response.body());
		if (meta.find()) {
			csrf = meta.group(1);
		}
		return response;
	}

	/** A GET as htmx sends it (with HX-Request), e.g. a polling panel that answers with a fragment. */
	public HttpResponse<String> htmxGet(String path) {
		return send(HttpRequest.newBuilder(URI.create(baseUrl + path)).header("HX-Request", "true").GET().build());
	}

	/** A plain form POST as a browser submits it, with the CSRF token of the last page as a form field. */
	public HttpResponse<String> post(String path, Map<String, String> form) {
		Map<String, String> fields = new LinkedHashMap<>(form);
		fields.put("_csrf", csrf);
		return send(HttpRequest.newBuilder(URI.create(baseUrl + path))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(encode(fields)))
			.build());
	}

	/** Follows a redirect (post/redirect/get) and returns the page it leads to. */
	public HttpResponse<String> follow(HttpResponse<String> redirect) {
		URI location = URI.create(baseUrl).resolve(redirect.headers().firstValue("Location").orElseThrow());
		return get(location.getRawPath() + (location.getRawQuery() == null ? "" : "?" + location.getRawQuery()));
	}

	/** A POST as htmx sends it: form-encoded, with HX-Request and the CSRF header of the last page. */
	public HttpResponse<String> htmxPost(String path, Map<String, String> form) {
		return send(htmxPostRequest(path, form).header("X-CSRF-TOKEN", csrf).build());
	}

	/** The same POST without the CSRF header, which the server must refuse. */
	public HttpResponse<String> htmxPostWithoutCsrf(String path, Map<String, String> form) {
		return send(htmxPostRequest(path, form).build());
	}

	private HttpRequest.Builder htmxPostRequest(String path, Map<String, String> form) {
		return HttpRequest.newBuilder(URI.create(baseUrl + path))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.header("HX-Request", "true")
			.POST(HttpRequest.BodyPublishers.ofString(encode(form)));
	}

	private static String encode(Map<String, String> form) {
		return form.entrySet()
			.stream()
			.map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
					+ URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
			.collect(Collectors.joining("&"));
	}

	private HttpResponse<String> send(HttpRequest request) {
		try {
			return http.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException e) {
			throw new IllegalStateException(e);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(e);
		}
	}
}
