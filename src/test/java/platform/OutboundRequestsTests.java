package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The outbound-request policy against a real HTTP server on this machine: a loopback, link-local
 * or private address is refused before any connection unless the operator allows it; redirects
 * are checked again and counted; large answers and slow servers are cut off.
 */
class OutboundRequestsTests {

	HttpServer server;
	AtomicInteger hits = new AtomicInteger();
	String base;

	@BeforeEach
	void start() throws IOException {
		server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		server.createContext("/ok", exchange -> answer(exchange, 200, "{\"fine\":true}"));
		server.createContext("/big", exchange -> answer(exchange, 200, "x".repeat(5_000)));
		server.createContext("/loop", exchange -> redirect(exchange, "/loop"));
		server.createContext("/to-file", exchange -> redirect(exchange, "file:///etc/passwd"));
		server.createContext("/to-ok", exchange -> redirect(exchange, "/ok"));
		server.createContext("/slow", exchange -> {
			hits.incrementAndGet();
			try {
				Thread.sleep(3_000);
			}
			catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
			answer(exchange, 200, "late");
		});
		server.start();
		base = "http://127.0.0.1:" + server.getAddress().getPort();
	}

	@AfterEach
	void stop() {
		server.stop(0);
	}

	@Test
	void loopbackLinkLocalAndPrivateAddressesAreRefusedBeforeAnyConnection() {
		OutboundRequests policy = new OutboundRequests(false, Duration.ofSeconds(2), 1_000);
		for (String url : new String[] { base + "/ok", "http://localhost:" + server.getAddress().getPort() + "/ok",
				"http://169.254.169.254/latest/meta-data/", "http://10.1.2.3/", "http://192.168.0.1/", "http://172.16.5.4/",
				"http://100.64.0.1/", "http://[::1]/", "http://[fd00::1]/", "http://[::ffff:127.0.0.1]/", "http://0.0.0.0/" }) {
			assertThatThrownBy(() -> policy.get(URI.create(url), "application/json")).as(url)
				.isInstanceOf(OutboundRequests.RefusedException.class).hasMessageContaining("OUTBOUND_ALLOW_PRIVATE_ADDRESSES");
		}
		assertThat(hits.get()).isZero();
		assertThatThrownBy(() -> policy.check(URI.create("ftp://example.com/x"))).hasMessageContaining("not an http(s) URL");
		assertThat(OutboundRequests.isPublic(address("93.184.215.14"))).isTrue();
		assertThat(OutboundRequests.isPublic(address("2606:2800:21f:cb07:6820:80da:af6b:8b2c"))).isTrue();
	}

	@Test
	void allowedPrivateAddressesAreFetchedWithRedirectsCheckedAgainAndLimitsApplied() {
		OutboundRequests policy = new OutboundRequests(true, Duration.ofSeconds(1), 1_000);
		OutboundRequests.Response ok = policy.get(URI.create(base + "/to-ok"), "application/json");
		assertThat(ok.status()).isEqualTo(200);
		assertThat(new String(ok.body(), StandardCharsets.UTF_8)).isEqualTo("{\"fine\":true}");
		assertThatThrownBy(() -> policy.get(URI.create(base + "/to-file"), "*/*")).hasMessageContaining("not an http(s) URL");
		assertThatThrownBy(() -> policy.get(URI.create(base + "/loop"), "*/*")).hasMessageContaining("redirects");
		assertThatThrownBy(() -> policy.get(URI.create(base + "/big"), "*/*")).hasMessageContaining("more than 1000 bytes");
		long started = System.nanoTime();
		assertThatThrownBy(() -> policy.get(URI.create(base + "/slow"), "*/*")).hasMessageContaining("did not answer");
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(2_500));
	}

	private static InetAddress address(String literal) {
		try {
			return InetAddress.getByName(literal);
		}
		catch (IOException e) {
			throw new AssertionError(e);
		}
	}

	private void answer(HttpExchange exchange, int status, String body) throws IOException {
		hits.incrementAndGet();
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().add("Content-Type", "application/json");
		exchange.sendResponseHeaders(status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	private void redirect(HttpExchange exchange, String location) throws IOException {
		hits.incrementAndGet();
		exchange.getResponseHeaders().add("Location", location);
		exchange.sendResponseHeaders(302, -1);
		exchange.close();
	}
}
