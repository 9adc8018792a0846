package platform.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A small HTTP client for the JSON API with HTTP Basic credentials (demo password {@code demo}) or an API token. */
public final class ApiClient {

	private final HttpClient http = HttpClient.newHttpClient();
	private final String baseUrl;
	private final String password;

	public ApiClient(int port) {
		this(port, "demo");
	}

	/** Every user with {@code password} (outside the demo). */
	public ApiClient(int port, String password) {
		this.baseUrl = "http://localhost:" + port;
		this.password = password;
	}

	public HttpResponse<String> get(String user, String path) {
		return send(request(user, path).GET().build());
	}

	public HttpResponse<String> post(String user, String path, String json) {
		return post(user, path, json, null);
	}

	public HttpResponse<String> post(String user, String path, String json, String idempotencyKey) {
		HttpRequest.Builder builder = request(user, path).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json == null ? "" : json));
		if (idempotencyKey != null) {
			builder.header("Idempotency-Key", idempotencyKey);
		}
		return send(builder.build());
	}

	/** Posts {@code json} with {@code If-Match: ifMatch}, as an update that names the version it changes. */
	public HttpResponse<String> postIfMatch(String user, String path, String json, String ifMatch) {
		return send(request(user, path).header("Content-Type", "application/json").header("If-Match", ifMatch)
			.POST(HttpRequest.BodyPublishers.ofString(json)).build());
	}

	/** Any method with an optional JSON body (PUT, PATCH, DELETE, ...). */
	public HttpResponse<String> send(String user, String method, String path, String json) {
		HttpRequest.Builder builder = request(user, path);
		if (json != null) {
			builder.header("Content-Type", "application/json");
		}
		return send(builder.method(method, json == null ? HttpRequest.BodyPublishers.noBody()
				: HttpRequest.BodyPublishers.ofString(json)).build());
	}

	/** Any method with a JSON body and {@code If-Match: ifMatch} (a PUT that names the version it replaces). */
	public HttpResponse<String> sendIfMatch(String user, String method, String path, String json, String ifMatch) {
		return send(request(user, path).header("Content-Type", "application/json").header("If-Match", ifMatch)
			.method(method, HttpRequest.BodyPublishers.ofString(json)).build());
	}

	/** A PATCH with {@code contentType} and, unless null, {@code If-Match: ifMatch}. */
	public HttpResponse<String> patch(String user, String path, String contentType, String json, String ifMatch) {
		HttpRequest.Builder builder = request(user, path).header("Content-Type", contentType);
		if (ifMatch != null) {
			builder.header("If-Match", ifMatch);
		}
		return send(builder.method("PATCH", HttpRequest.BodyPublishers.ofString(json)).build());
	}

	/** Posts raw bytes as {@code application/json}, for bodies a String cannot carry (invalid UTF-8). */
	public HttpResponse<String> postBytes(String user, String path, byte[] body) {
		return send(request(user, path).header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());
	}

	/** Posts raw bytes as {@code contentType} (a CSV import). */
	public HttpResponse<String> postBytesAs(String user, String path, String contentType, byte[] body) {
		return send(request(user, path).header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofByteArray(body))
			.build());
	}

	/** A call with {@code Authorization: Bearer token} ({@code json} null: no body). */
	public HttpResponse<String> withToken(String token, String method, String path, String json) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUrl + path))
			.header("Accept", "application/json")
			.header("Authorization", "Bearer " + token);
		if (json != null) {
			builder.header("Content-Type", "application/json");
		}
		return send(builder.method(method, json == null ? HttpRequest.BodyPublishers.noBody()
				: HttpRequest.BodyPublishers.ofString(json)).build());
	}

	/** A call with any method and an optional JSON body as {@code user} (HTTP Basic). */
	public HttpResponse<String> call(String user, String method, String path, String json) {
		HttpRequest.Builder builder = request(user, path);
		if (json != null) {
			builder.header("Content-Type", "application/json");
		}
		return send(builder.method(method, json == null ? HttpRequest.BodyPublishers.noBody()
				: HttpRequest.BodyPublishers.ofString(json)).build());
	}

	/** The first string value of {@code field} in a JSON body; fails the test when there is none. */
	public static String field(String json, String field) {
		Matcher matcher = Pattern.compile("\"" + Pattern.quote(field) + "\":\"([^\"]+)\"").matcher(json);
		if (!matcher.find()) {
			throw new AssertionError("no string field " + field + " in " + json);
		}
		return matcher.group(1);
	}

	private HttpRequest.Builder request(String user, String path) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUrl + path)).header("Accept", "application/json");
		if (user != null) {
			String token = Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
			builder.header("Authorization", "Basic " + token);
		}
		return builder;
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
