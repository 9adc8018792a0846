package platform;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The one policy for every request the server makes on a tenant's behalf (SSO discovery, the HR
 * source sync's pulls; webhooks and directory targets later): http(s) only; every address the host
 * resolves to must be public unless the operator allows private ones
 * ({@code jmlhub.outbound.allow-private-addresses}), so a tenant admin cannot make the server
 * fetch loopback, link-local (cloud metadata), private, carrier-grade NAT, unique-local or
 * multicast addresses; connect and read time out; a body larger than the limit is refused; each
 * redirect is checked again like the first URL, up to a few. What remains: a host whose DNS
 * answer changes between the check and the connection (rebinding) is checked on the first answer.
 */
@Component
public class OutboundRequests {

	/** Why a request was not made or not finished; the message is fit for the tenant admin. */
	public static final class RefusedException extends RuntimeException {

		public RefusedException(String message) {
			super(message);
		}

		RefusedException(String message, Throwable cause) {
			super(message, cause);
		}
	}

	/** A response that was read whole (within the size limit). */
	public record Response(int status, String contentType, byte[] body) {
	}

	/**
	 * An answer whose body is read as it arrives ({@link #stream}): close it when done, which also
	 * abandons what is left of the body.
	 */
	public record Streamed(int status, HttpHeaders headers, InputStream body) implements Closeable {

		@Override
		public void close() throws IOException {
			body.close();
		}
	}

	static final int MAX_REDIRECTS = 3;

	private final boolean allowPrivate;
	private final Duration timeout;
	private final long maxBytes;
	private final HttpClient client;

	public OutboundRequests(@Value("${jmlhub.outbound.allow-private-addresses:false}") boolean allowPrivate,
			@Value("${jmlhub.outbound.timeout:10s}") Duration timeout,
			@Value("${jmlhub.outbound.max-bytes:1048576}") long maxBytes) {
		this.allowPrivate = allowPrivate;
		this.timeout = timeout;
		this.maxBytes = maxBytes;
		this.client = HttpClient.newBuilder()
			.connectTimeout(timeout)
			.followRedirects(HttpClient.Redirect.NEVER)
			.build();
	}

	/** Whether the operator lets the server call loopback, link-local and private addresses ({@code OUTBOUND_ALLOW_PRIVATE_ADDRESSES}). */
	public boolean allowsPrivateAddresses() {
		return allowPrivate;
	}

	/** GETs {@code uri} (following checked redirects) and returns the final response. */
	public Response get(URI uri, String accept) {
		URI current = uri;
		for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
			check(current);
			HttpResponse<InputStream> response = send(HttpRequest.newBuilder(current).timeout(timeout).header("Accept", accept)
				.GET().build());
			int status = response.statusCode();
			if (status >= 300 && status < 400 && response.headers().firstValue("Location").isPresent()) {
				close(response);
				current = current.resolve(response.headers().firstValue("Location").get());
				continue;
			}
			return new Response(status, response.headers().firstValue("Content-Type").orElse(null), read(response));
		}
		throw new RefusedException("more than " + MAX_REDIRECTS + " redirects from " + uri);
	}

	/**
	 * GETs {@code uri} with {@code headers} and hands back the answer as it arrives, for bodies too
	 * large to hold (an HR export): redirects are not followed (a 3xx is the answer); the headers must
	 * come within {@code readTimeout}, and so must each further piece of the body, so a server that
	 * stops answering fails the read instead of holding the caller; a body beyond {@code maxBytes}
	 * fails it too. The connection times out as every request's does.
	 */
	public Streamed stream(URI uri, Map<String, String> headers, Duration readTimeout, long maxBytes) {
		check(uri);
		HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(readTimeout).GET();
		headers.forEach(request::header);
		TimedBody body = new TimedBody(uri, readTimeout, maxBytes);
		try {
			HttpResponse<Flow.Publisher<List<ByteBuffer>>> response = client.send(request.build(),
					HttpResponse.BodyHandlers.ofPublisher());
			response.body().subscribe(body);
			return new Streamed(response.statusCode(), response.headers(), body);
		}
		catch (HttpTimeoutException e) {
			throw new RefusedException(uri + " did not answer within " + readTimeout, e);
		}
		catch (IOException e) {
			throw new RefusedException(uri + " did not answer: " + describe(e), e);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new RefusedException(uri + ": interrupted", e);
		}
	}

	/** Refuses a URL the policy does not allow: not http(s), no host, or a host with a non-public address. */
	public void check(URI uri) {
		String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
		if (!scheme.equals("http") && !scheme.equals("https")) {
			throw new RefusedException(uri + " is not an http(s) URL");
		}
		String host = uri.getHost();
		if (host == null || host.isBlank()) {
			throw new RefusedException(uri + " names no host");
		}
		InetAddress[] addresses;
		try {
			addresses = InetAddress.getAllByName(host);
		}
		catch (UnknownHostException e) {
			throw new RefusedException("the host " + host + " is unknown", e);
		}
		if (allowPrivate) {
			return;
		}
		for (InetAddress address : addresses) {
			if (!isPublic(address)) {
				throw new RefusedException("the host " + host + " is at " + address.getHostAddress()
						+ ", a loopback, link-local or private address the server does not call (the operator can allow "
						+ "them with OUTBOUND_ALLOW_PRIVATE_ADDRESSES)");
			}
		}
	}

	/** Whether {@code address} is public: the one rule of which addresses the server may call on a tenant's behalf. */
	public static boolean isPublic(InetAddress address) {
		if (address.isLoopbackAddress() || address.isLinkLocalAddress() || address.isSiteLocalAddress()
				|| address.isAnyLocalAddress() || address.isMulticastAddress()) {
			return false;
		}
		byte[] bytes = address.getAddress();
		if (address instanceof Inet4Address) {
			int first = bytes[0] & 0xff;
			int second = bytes[1] & 0xff;
			// 0/8 "this network", 100.64/10 carrier-grade NAT, 192.0.0/24 protocol assignments, 198.18/15 benchmarking, 240/4 reserved
			return first != 0 && !(first == 100 && second >= 64 && second < 128) && !(first == 192 && second == 0 && (bytes[2] & 0xff) == 0)
					&& !(first == 198 && (second == 18 || second == 19)) && first < 240;
		}
		if (address instanceof Inet6Address) {
			// fc00::/7 unique local; an IPv4-mapped address is judged as its IPv4 address
			if ((bytes[0] & 0xfe) == 0xfc) {
				return false;
			}
			boolean mapped = true;
			for (int i = 0; i < 10; i++) {
				mapped &= bytes[i] == 0;
			}
			if (mapped && (bytes[10] & 0xff) == 0xff && (bytes[11] & 0xff) == 0xff) {
				try {
					return isPublic(InetAddress.getByAddress(new byte[] { bytes[12], bytes[13], bytes[14], bytes[15] }));
				}
				catch (UnknownHostException e) {
					return false;
				}
			}
		}
		return true;
	}

	private HttpResponse<InputStream> send(HttpRequest request) {
		try {
			return client.send(request, HttpResponse.BodyHandlers.ofInputStream());
		}
		catch (IOException e) {
			throw new RefusedException(request.uri() + " did not answer: " + e.getMessage(), e);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new RefusedException(request.uri() + ": interrupted", e);
		}
	}

	private byte[] read(HttpResponse<InputStream> response) {
		try (InputStream in = response.body()) {
			byte[] body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
			if (body.length > maxBytes) {
				throw new RefusedException(response.uri() + " answered more than " + maxBytes + " bytes");
			}
			return body;
		}
		catch (IOException e) {
			throw new RefusedException(response.uri() + " did not finish its answer: " + e.getMessage(), e);
		}
	}

	private static String describe(IOException e) {
		if (e instanceof java.net.ConnectException) {
			return "the connection could not be made (refused, or no route)";
		}
		Throwable root = e;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
	}

	/**
	 * A body as an input stream whose every read waits at most the read timeout for the next piece
	 * (the client's own body stream would wait forever), one piece requested at a time.
	 */
	private static final class TimedBody extends InputStream implements Flow.Subscriber<List<ByteBuffer>> {

		private static final Object END = new Object();

		private final BlockingQueue<Object> arrived = new LinkedBlockingQueue<>();
		private final URI uri;
		private final Duration timeout;
		private final long maxBytes;
		private volatile Flow.Subscription subscription;
		private Iterator<ByteBuffer> pieces = List.<ByteBuffer>of().iterator();
		private ByteBuffer current = ByteBuffer.allocate(0);
		private long read;
		private boolean finished;

		TimedBody(URI uri, Duration timeout, long maxBytes) {
			this.uri = uri;
			this.timeout = timeout;
			this.maxBytes = maxBytes;
		}

		@Override
		public void onSubscribe(Flow.Subscription subscription) {
			this.subscription = subscription;
			subscription.request(1);
		}

		@Override
		public void onNext(List<ByteBuffer> item) {
			arrived.add(item);
		}

		@Override
		public void onError(Throwable throwable) {
			arrived.add(throwable);
		}

		@Override
		public void onComplete() {
			arrived.add(END);
		}

		@Override
		public int read() throws IOException {
			byte[] one = new byte[1];
			return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
		}

		@Override
		@SuppressWarnings("unchecked")
		public int read(byte[] b, int off, int len) throws IOException {
			if (len == 0) {
				return 0;
			}
			while (!current.hasRemaining()) {
				if (pieces.hasNext()) {
					current = pieces.next();
					continue;
				}
				if (finished) {
					return -1;
				}
				Object next;
				try {
					next = arrived.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
				}
				catch (InterruptedException e) {
					Thread.currentThread().interrupt();
					close();
					throw new IOException(uri + ": interrupted", e);
				}
				if (next == null) {
					close();
					throw new HttpTimeoutException(uri + " sent nothing for " + timeout);
				}
				if (next == END) {
					finished = true;
					return -1;
				}
				if (next instanceof Throwable failure) {
					finished = true;
					throw new IOException(uri + " did not finish its answer: " + failure.getMessage(), failure);
				}
				pieces = ((List<ByteBuffer>) next).iterator();
				subscription.request(1);
			}
			int n = Math.min(len, current.remaining());
			current.get(b, off, n);
			read += n;
			if (read > maxBytes) {
				close();
				throw new IOException(uri + " answered more than " + maxBytes + " bytes");
			}
			return n;
		}

		@Override
		public void close() {
			if (!finished) {
				finished = true;
				Flow.Subscription s = subscription;
				if (s != null) {
					s.cancel();
				}
			}
		}
	}

	private static void close(HttpResponse<InputStream> response) {
		try {
			response.body().close();
		}
		catch (IOException e) {
			// nothing to keep from a redirect's body
		}
	}
}
