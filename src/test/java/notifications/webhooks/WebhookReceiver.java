package notifications.webhooks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;

/**
 * A real HTTP server on 127.0.0.1 that records each POST it receives (headers, body) and answers
 * with the next of the queued status codes (200 once the queue is empty).
 */
final class WebhookReceiver implements AutoCloseable {

	/** One request as received. */
	record Received(String id, String timestamp, String signature, String contentType, String body) {
	}

	private final HttpServer server;
	private final List<Received> received = new CopyOnWriteArrayList<>();
	private final ConcurrentLinkedQueue<Integer> answers = new ConcurrentLinkedQueue<>();
	private volatile int defaultAnswer = 200;

	WebhookReceiver() {
		try {
			server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		server.createContext("/hook", exchange -> {
			String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
			var headers = exchange.getRequestHeaders();
			received.add(new Received(headers.getFirst("webhook-id"), headers.getFirst("webhook-timestamp"),
					headers.getFirst("webhook-signature"), headers.getFirst("Content-Type"), body));
			Integer next = answers.poll();
			int status = next == null ? defaultAnswer : next;
			if (status >= 300 && status < 400) {
				exchange.getResponseHeaders().add("Location", "http://127.0.0.1:1/elsewhere");
			}
			exchange.sendResponseHeaders(status, -1);
			exchange.close();
		});
		server.start();
	}

	String url() {
		return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
	}

	String localhostUrl() {
		return "http://localhost:" + server.getAddress().getPort() + "/hook";
	}

	void answer(Integer... statuses) {
		answers.addAll(List.of(statuses));
	}

	void answerAlways(int status) {
		defaultAnswer = status;
	}

	List<Received> received() {
		return List.copyOf(received);
	}

	List<Received> received(String messageId) {
		return received.stream().filter(r -> messageId.equals(r.id())).toList();
	}

	@Override
	public void close() {
		server.stop(0);
	}

}
