package platform.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** A small HTTP client for the JSON API with HTTP Basic credentials (demo password {@code demo}). */
public final class ApiClient {

	private final HttpClient http = HttpClient.newHttpClient();
	private final String baseUrl;

	public ApiClient(int port) {
		this.baseUrl = "http://localhost:" + port;
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

	private HttpRequest.Builder request(String user, String path) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUrl + path)).header("Accept", "application/json");
		if (user != null) {
			String token = Base64.getEncoder().encodeToString((user + ":demo").getBytes(StandardCharsets.UTF_8));
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
