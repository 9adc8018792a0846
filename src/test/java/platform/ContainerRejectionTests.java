package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import platform.testing.JmlHubIntegrationTest;

/**
 * Errors produced below Spring MVC are problem+json too: paths Tomcat rejects before any servlet
 * runs, requests Spring Security's firewall rejects, bodies over the size limit (a 413 the client
 * can read, not a reset), and a media type the API cannot answer in (406). Raw sockets, so the
 * client sends exactly these bytes.
 */
@JmlHubIntegrationTest
class ContainerRejectionTests {

	static final String BASIC = "Basic " + Base64.getEncoder().encodeToString("hana:demo".getBytes(StandardCharsets.UTF_8));

	@LocalServerPort
	int port;

	@Test
	void pathsTomcatRejectsAreProblemJsonNotTomcatsHtmlPage() throws Exception {
		for (String path : new String[] { "/v1/hr/employees/%00", "/v1/..%2F..%2Fetc", "/v1/%2e%2e/%2e%2e/x",
				"/runs/%00", "/v1/me%5C..%5C" }) {
			String response = exchange("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + BASIC
					+ "\r\nAccept: application/json\r\nConnection: close\r\n\r\n");
			assertThat(status(response)).as(path + "\n" + response).isEqualTo(400);
			assertThat(response).as(path).containsIgnoringCase("Content-Type: application/problem+json")
				.contains("\"type\":\"https://jmlhub.dev/problems/malformed-request\"", "\"status\":400")
				.doesNotContain("<html", "Apache Tomcat");
		}
	}

	@Test
	void requestsSpringSecuritysFirewallRejectsAreProblemJson() throws Exception {
		for (String path : new String[] { "/v1/me;jsessionid=x", "/v1//me", "/v1/me%25" }) {
			String response = exchange("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + BASIC
					+ "\r\nAccept: application/json\r\nConnection: close\r\n\r\n");
			assertThat(status(response)).as(path + "\n" + response).isEqualTo(400);
			assertThat(response).as(path).containsIgnoringCase("Content-Type: application/problem+json")
				.contains("problems/malformed-request").doesNotContain("<html");
		}
	}

	@Test
	void aTenMegabyteBodyIs413ProblemJsonTheClientCanRead() throws Exception {
		byte[] body = new byte[10 * 1024 * 1024];
		Arrays.fill(body, (byte) 'a');
		for (String[] request : new String[][] { { "/login", "application/x-www-form-urlencoded" },
				{ "/v1/hr/employees", "application/json" } }) {
			String response = exchange(("POST " + request[0] + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + BASIC
					+ "\r\nContent-Type: " + request[1] + "\r\nContent-Length: " + body.length
					+ "\r\nAccept: application/json\r\nConnection: close\r\n\r\n"), body);
			assertThat(status(response)).as(request[0] + "\n" + response).isEqualTo(413);
			assertThat(response).containsIgnoringCase("Content-Type: application/problem+json")
				.contains("problems/payload-too-large");
		}
	}

	@Test
	void anUnacceptableMediaTypeIs406ProblemJson() throws Exception {
		String response = exchange("GET /v1/me HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + BASIC
				+ "\r\nAccept: text/csv\r\nConnection: close\r\n\r\n");
		assertThat(status(response)).as(response).isEqualTo(406);
		assertThat(response).containsIgnoringCase("Content-Type: application/problem+json")
			.contains("problems/not-acceptable");
	}

	private String exchange(String head) throws Exception {
		return exchange(head, new byte[0]);
	}

	/** Sends the request (the body may be cut short by the server's answer) and reads the whole answer. */
	private String exchange(String head, byte[] body) throws Exception {
		try (Socket socket = new Socket("localhost", port)) {
			socket.setSoTimeout(30_000);
			OutputStream out = socket.getOutputStream();
			out.write(head.getBytes(StandardCharsets.ISO_8859_1));
			try {
				for (int offset = 0; offset < body.length; offset += 64 * 1024) {
					out.write(body, offset, Math.min(64 * 1024, body.length - offset));
				}
				out.flush();
			}
			catch (java.io.IOException e) {
				// the server answered and closed before taking the whole body: read what it said
			}
			InputStream in = socket.getInputStream();
			ByteArrayOutputStream received = new ByteArrayOutputStream();
			byte[] buffer = new byte[8192];
			try {
				for (int n; (n = in.read(buffer)) > 0;) {
					received.write(buffer, 0, n);
				}
			}
			catch (java.net.SocketException e) {
				// a reset after the answer: keep what arrived
			}
			return received.toString(StandardCharsets.UTF_8);
		}
	}

	private static int status(String response) {
		assertThat(response).startsWith("HTTP/1.1 ");
		return Integer.parseInt(response.substring(9, 12));
	}
}
