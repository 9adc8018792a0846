package hr.sync;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.stereotype.Component;

import platform.OutboundRequests;

/**
 * One conditional GET of a source through the platform's {@link OutboundRequests} (its address
 * policy, its connect timeout; the sync's read timeout and size limit): the answer's body is kept
 * in a temporary file, so the import reads it after the connection is closed and outside any
 * transaction's wait on the network. The secret goes only into the Authorization header, never
 * into a message.
 */
@Component
class SourceClient {

	/** What a pull came to. */
	sealed interface Pull permits NotModified, Body, Failed {
	}

	/** 304: the file is as it was. */
	record NotModified() implements Pull {
	}

	/** 200: the file (delete it when done), the answer's validators and the SHA-256 of the body (hex). */
	record Body(Path file, String etag, String lastModified, String sha256) implements Pull {
	}

	/** No file: the status when there was an answer, and why, in words fit for the tenant's admin. */
	record Failed(Integer status, String reason) implements Pull {
	}

	private final OutboundRequests outbound;
	private final SourceSyncProperties properties;

	SourceClient(OutboundRequests outbound, SourceSyncProperties properties) {
		this.outbound = outbound;
		this.properties = properties;
	}

	/** Pulls {@code source}, sending its validators back; {@code secret} is the opened bearer token or password. */
	Pull pull(StoredSource source, String secret) {
		Map<String, String> headers = new LinkedHashMap<>();
		headers.put("Accept", source.format().contentType() + ", */*;q=0.1");
		headers.put("User-Agent", "JML-Hub-HR-Sync/1");
		if (source.etag() != null) {
			headers.put("If-None-Match", source.etag());
		}
		if (source.lastModified() != null) {
			headers.put("If-Modified-Since", source.lastModified());
		}
		switch (source.auth()) {
			case BEARER -> headers.put("Authorization", "Bearer " + secret);
			case BASIC -> headers.put("Authorization", "Basic " + Base64.getEncoder()
				.encodeToString((source.username() + ":" + secret).getBytes(StandardCharsets.UTF_8)));
			case NONE -> {
			}
		}
		URI uri;
		try {
			uri = URI.create(source.url());
		}
		catch (IllegalArgumentException e) {
			return new Failed(null, "the URL is not valid");
		}
		Path file = null;
		Integer status = null;
		try (OutboundRequests.Streamed answer = outbound.stream(uri, headers, properties.readTimeout(), properties.maxBytes())) {
			status = answer.status();
			if (status == 304) {
				return new NotModified();
			}
			if (status != 200) {
				return new Failed(status, refusal(status, source.auth(), answer));
			}
			file = Files.createTempFile("jmlhub-hr-sync-", ".part");
			MessageDigest sha256 = sha256();
			try (OutputStream out = new DigestOutputStream(Files.newOutputStream(file), sha256)) {
				answer.body().transferTo(out);
			}
			return new Body(file, answer.headers().firstValue("ETag").orElse(null),
					answer.headers().firstValue("Last-Modified").orElse(null), HexFormat.of().formatHex(sha256.digest()));
		}
		catch (OutboundRequests.RefusedException e) {
			delete(file);
			return new Failed(status, e.getMessage());
		}
		catch (IOException e) {
			delete(file);
			return new Failed(status, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
		}
	}

	private static String refusal(int status, SourceAuth auth, OutboundRequests.Streamed answer) {
		if (status == 401) {
			return auth == SourceAuth.NONE
					? "HTTP 401: the source asks for credentials; set its authentication (bearer or basic)"
					: "HTTP 401: the source refused the " + auth.value() + " credentials; check the "
							+ (auth == SourceAuth.BEARER ? "token" : "user name and password");
		}
		if (status == 403) {
			return "HTTP 403: the source refused access to this URL with these credentials";
		}
		if (status >= 300 && status < 400) {
			return "HTTP " + status + ": redirects are not followed; set the URL to where it points"
					+ answer.headers().firstValue("Location").map(location -> " (" + location + ")").orElse("");
		}
		return "HTTP " + status + (status >= 500 ? ": the source failed; retried later" : "");
	}

	private static MessageDigest sha256() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException("every Java has SHA-256", e);
		}
	}

	static void delete(Path file) {
		if (file == null) {
			return;
		}
		try {
			Files.deleteIfExists(file);
		}
		catch (IOException e) {
			file.toFile().deleteOnExit();
		}
	}
}
