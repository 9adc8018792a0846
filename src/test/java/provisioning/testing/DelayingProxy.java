package provisioning.testing;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy in front of an LDAP server, for failure paths: it forwards each LDAP request (one
 * BER {@code LDAPMessage}) after {@link #delay} (a slow directory), counts the add requests it
 * forwarded, and when {@link #holdAfterAdd()} was asked, forwards the next add request to the
 * server but holds every response from then on until {@link #release()}: the directory has
 * written, the client never hears it (a worker killed between the write and its receipt).
 */
public final class DelayingProxy implements AutoCloseable {

	/** The BER tag of an LDAP AddRequest ([APPLICATION 8], constructed). */
	private static final int ADD_REQUEST = 0x68;

	private final ServerSocket server;
	private final int targetPort;
	private final List<Socket> sockets = new CopyOnWriteArrayList<>();
	private final AtomicInteger adds = new AtomicInteger();
	private final Object monitor = new Object();
	private volatile Duration delay;
	private volatile boolean holdAfterAdd;
	private volatile boolean holding;
	private volatile CountDownLatch addHeld = new CountDownLatch(1);

	private DelayingProxy(ServerSocket server, int targetPort, Duration delay) {
		this.server = server;
		this.targetPort = targetPort;
		this.delay = delay;
	}

	/** A proxy on a free port of 127.0.0.1 forwarding to {@code targetPort} there, each request {@code delay} late. */
	public static DelayingProxy to(int targetPort, Duration delay) throws IOException {
		DelayingProxy proxy = new DelayingProxy(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), targetPort, delay);
		Thread acceptor = new Thread(proxy::accept, "delaying-proxy-" + proxy.server.getLocalPort());
		acceptor.setDaemon(true);
		acceptor.start();
		return proxy;
	}

	public String url() {
		return "ldap://127.0.0.1:" + server.getLocalPort();
	}

	public void delay(Duration delay) {
		this.delay = delay;
	}

	/** Add requests forwarded so far. */
	public int adds() {
		return adds.get();
	}

	/** From the next add request on, responses are held: returns a latch counted down once that add was forwarded. */
	public CountDownLatch holdAfterAdd() {
		addHeld = new CountDownLatch(1);
		holdAfterAdd = true;
		return addHeld;
	}

	/** Forwards the held responses and holds no more. */
	public void release() {
		synchronized (monitor) {
			holdAfterAdd = false;
			holding = false;
			monitor.notifyAll();
		}
	}

	private void accept() {
		while (!server.isClosed()) {
			try {
				Socket client = server.accept();
				Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
				sockets.add(client);
				sockets.add(target);
				start("requests", () -> requests(client, target));
				start("responses", () -> responses(target, client));
			}
			catch (IOException closed) {
				return;
			}
		}
	}

	private void requests(Socket client, Socket target) {
		try (InputStream in = client.getInputStream(); OutputStream out = target.getOutputStream()) {
			while (true) {
				byte[] message = readMessage(in);
				Thread.sleep(delay.toMillis());
				boolean add = operation(message) == ADD_REQUEST;
				if (add && holdAfterAdd) {
					synchronized (monitor) {
						holding = true;
					}
				}
				out.write(message);
				out.flush();
				if (add) {
					adds.incrementAndGet();
					if (holding) {
						addHeld.countDown();
					}
				}
			}
		}
		catch (IOException | InterruptedException closed) {
			closeQuietly(client, target);
		}
	}

	private void responses(Socket target, Socket client) {
		byte[] buffer = new byte[8192];
		try (InputStream in = target.getInputStream(); OutputStream out = client.getOutputStream()) {
			int read;
			while ((read = in.read(buffer)) >= 0) {
				synchronized (monitor) {
					while (holding) {
						monitor.wait();
					}
				}
				out.write(buffer, 0, read);
				out.flush();
			}
		}
		catch (IOException | InterruptedException closed) {
			// either side went away
		}
		closeQuietly(client, target);
	}

	/** One BER element: the tag, the length (short or long form) and the content. */
	private static byte[] readMessage(InputStream in) throws IOException {
		ByteArrayOutputStream message = new ByteArrayOutputStream();
		message.write(readByte(in));
		int first = readByte(in);
		message.write(first);
		int length = first;
		if ((first & 0x80) != 0) {
			length = 0;
			for (int i = 0; i < (first & 0x7f); i++) {
				int next = readByte(in);
				message.write(next);
				length = (length << 8) | next;
			}
		}
		message.write(in.readNBytes(length));
		return message.toByteArray();
	}

	private static int readByte(InputStream in) throws IOException {
		int value = in.read();
		if (value < 0) {
			throw new EOFException();
		}
		return value;
	}

	/** The protocol operation's tag: after the message's header and its messageID INTEGER. */
	private static int operation(byte[] message) {
		int at = 1;
		int first = message[at++] & 0xff;
		if ((first & 0x80) != 0) {
			at += first & 0x7f;
		}
		// messageID: tag 0x02, a short length, the value
		at += 1;
		int idLength = message[at++] & 0xff;
		at += idLength;
		return at < message.length ? message[at] & 0xff : -1;
	}

	private static void start(String name, Runnable pump) {
		Thread thread = new Thread(pump, "delaying-proxy-" + name);
		thread.setDaemon(true);
		thread.start();
	}

	private static void closeQuietly(Socket... sockets) {
		for (Socket socket : sockets) {
			try {
				socket.close();
			}
			catch (IOException ignored) {
				// closing anyway
			}
		}
	}

	@Override
	public void close() throws IOException {
		release();
		server.close();
		for (Socket socket : sockets) {
			closeQuietly(socket);
		}
	}
}
