package outbox.testing;

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
 * A signed-in console session over plain HTTP: form login, session cookie, and the CSRF token of
 * the last page for form posts. Redirects are not followed so tests can assert them.
 */
public final class ConsoleClient {

	private static final Pattern CSRF_META = Pattern.compile("<meta name=\"_csrf\" content=\"([^\"]+)\"");
	private static final Pattern CSRF_INPUT = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

	private final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager())
		.followRedirects(HttpClient.Redirect.NEVER).build();
	private final String baseUrl;
	private String csrf;

	private ConsoleClient(int port) {
		this.baseUrl = "http://localhost:" + port;
	}

	public static ConsoleClient signIn(int port, String username) {
		ConsoleClient client = new ConsoleClient(port);
		client.get("/login");
		HttpResponse<String> login = client.post("/login", Map.of("username", username, "password", "demo"));
		if (login.statusCode() != 302 || login.headers().firstValue("Location").orElse("").contains("error")) {
			throw new IllegalStateException("Login of " + username + " failed: " + login.statusCode());
		}
		return client;
	}

	public HttpResponse<String> get(String path) {
		HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(baseUrl + path)).GET().build());
		rememberCsrf(response.body());
		return response;
	}

	/** A GET as htmx sends it. */
	public HttpResponse<String> htmxGet(String path) {
		return send(HttpRequest.newBuilder(URI.create(baseUrl + path)).header("HX-Request", "true").GET().build());
	}

	public HttpResponse<String> post(String path, Map<String, String> form) {
		Map<String, String> fields = new LinkedHashMap<>(form);
		fields.put("_csrf", csrf);
		String body = fields.entrySet().stream()
			.map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
					+ URLEncoder.encode(e.getValue() == null ? "" : e.getValue(), StandardCharsets.UTF_8))
			.collect(Collectors.joining("&"));
		return send(HttpRequest.newBuilder(URI.create(baseUrl + path))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build());
	}

	/** Follows one redirect (post/redirect/get). */
	public HttpResponse<String> follow(HttpResponse<String> redirect) {
		String location = redirect.headers().firstValue("Location").orElseThrow();
		return get(location.startsWith("http") ? URI.create(location).getRawPath()
				+ (URI.create(location).getRawQuery() == null ? "" : "?" + URI.create(location).getRawQuery()) : location);
	}

	private void rememberCsrf(String body) {
		Matcher meta = CSRF_META.matcher(body);
		Matcher input = CSRF_INPUT.matcher(body);
		if (meta.find()) {
			csrf = meta.group(1);
		}
		else if (input.find()) {
			csrf = input.group(1);
		}
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
