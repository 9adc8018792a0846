package platform.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real S3-compatible server for the tests: s3rver (npm), installed into {@code target/s3rver} by
 * the first test that needs it (the npm registry, as CI reaches it), run as its own process on
 * 127.0.0.1 with its data in a directory of its own and one bucket. {@link #stop()} kills it (the
 * store "goes away"), {@link #start()} brings it back on the same port and data.
 */
public final class S3Server implements AutoCloseable {

	public static final String BUCKET = "attachments";
	/** s3rver's fixed credentials. */
	public static final String ACCESS_KEY = "S3RVER";
	public static final String SECRET_KEY = "S3RVER";

	private static final String VERSION = "3.7.1";
	private static final Path INSTALL = Path.of("target", "s3rver").toAbsolutePath();

	private final int port;
	private final Path data;
	private Process process;

	private S3Server(int port, Path data) {
		this.port = port;
		this.data = data;
	}

	/** Installs s3rver when missing and starts it on a free port. */
	public static S3Server startNew() {
		install();
		try {
			S3Server server = new S3Server(freePort(), Files.createTempDirectory("jmlhub-s3rver-"));
			server.start();
			return server;
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	public int port() {
		return port;
	}

	public String endpoint() {
		return "http://127.0.0.1:" + port;
	}

	/** The application's variables for this server. */
	public List<String> variables() {
		return List.of("--OBJECTSTORE_KIND=s3", "--OBJECTSTORE_S3_ENDPOINT=" + endpoint(), "--OBJECTSTORE_S3_BUCKET=" + BUCKET,
				"--OBJECTSTORE_S3_ACCESS_KEY=" + ACCESS_KEY, "--OBJECTSTORE_S3_SECRET_KEY=" + SECRET_KEY);
	}

	public synchronized void start() {
		if (process != null && process.isAlive()) {
			return;
		}
		try {
			process = new ProcessBuilder("node", INSTALL.resolve("node_modules/s3rver/bin/s3rver.js").toString(), "-d",
					data.toString(), "-a", "127.0.0.1", "-p", Integer.toString(port), "--silent", "--configure-bucket", BUCKET)
				.redirectErrorStream(true)
				.redirectOutput(data.resolveSibling(data.getFileName() + ".log").toFile())
				.start();
		}
		catch (IOException e) {
			throw new UncheckedIOException("s3rver did not start", e);
		}
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (!listening()) {
			if (!process.isAlive() || System.nanoTime() > deadline) {
				throw new IllegalStateException("s3rver did not listen on " + port + " (see " + data + ".log)");
			}
			sleep(100);
		}
	}

	/** Kills the server: connections are refused until {@link #start()}. */
	public synchronized void stop() {
		if (process == null) {
			return;
		}
		process.destroyForcibly();
		try {
			process.waitFor(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
		while (listening()) {
			sleep(50);
		}
	}

	/** Stops the server and deletes its data. */
	@Override
	public void close() {
		stop();
		try (var files = Files.walk(data)) {
			files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
		}
		catch (IOException e) {
			// a leftover temporary directory harms nothing
		}
	}

	private boolean listening() {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
			return true;
		}
		catch (IOException e) {
			return false;
		}
	}

	private static synchronized void install() {
		if (Files.isRegularFile(INSTALL.resolve("node_modules/s3rver/bin/s3rver.js"))) {
			return;
		}
		try {
			Files.createDirectories(INSTALL);
			Process npm = new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "--no-save", "--prefix",
					INSTALL.toString(), "s3rver@" + VERSION)
				.redirectErrorStream(true)
				.redirectOutput(INSTALL.resolve("npm-install.log").toFile())
				.start();
			if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0) {
				throw new IllegalStateException("npm install s3rver@" + VERSION + " failed: see " + INSTALL.resolve("npm-install.log"));
			}
		}
		catch (IOException e) {
			throw new IllegalStateException("The S3 tests need node and npm (Debian: apt-get install nodejs npm)", e);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(e);
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(e);
		}
	}
}
