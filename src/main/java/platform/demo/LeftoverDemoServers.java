package platform.demo;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo's embedded PostgreSQL runs as a daemon (pg_ctl detaches it), so it outlives a JVM that
 * is killed with {@code kill -9}. Each demo JVM therefore registers its server in a known
 * directory ({@code <java.io.tmpdir>/jmlhub-demo}, one file per JVM); the next demo start finds
 * the registrations whose JVM is gone, stops their postmaster and deletes their data directory.
 * Servers of JVMs that still run (another demo, a test run) are left alone.
 */
final class LeftoverDemoServers {

	private static final Logger log = LoggerFactory.getLogger(LeftoverDemoServers.class);

	static final Path DEFAULT_DIRECTORY = Path.of(System.getProperty("java.io.tmpdir"), "jmlhub-demo");
	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

	private final Path directory;

	LeftoverDemoServers(Path directory) {
		this.directory = directory;
	}

	Path directory() {
		return directory;
	}

	/** A new, empty data directory for this JVM's server, under the registry directory. */
	Path newDataDirectory() {
		try {
			Files.createDirectories(directory);
			return Files.createTempDirectory(directory, "pg-");
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}

	void register(long jvmPid, Path dataDirectory) {
		Properties registration = new Properties();
		registration.setProperty("jvmPid", Long.toString(jvmPid));
		registration.setProperty("dataDirectory", dataDirectory.toAbsolutePath().toString());
		try (OutputStream out = Files.newOutputStream(file(jvmPid))) {
			registration.store(out, "embedded PostgreSQL of a JML Hub demo JVM");
		}
		catch (IOException e) {
			log.warn("Could not register the embedded PostgreSQL in {}: {}", directory, e.toString());
		}
	}

	void unregister(long jvmPid) {
		try {
			Files.deleteIfExists(file(jvmPid));
		}
		catch (IOException e) {
			// a stale registration of a dead JVM is cleaned up by the next start
		}
	}

	/** Stops the servers of registered JVMs that no longer run; returns how many registrations it removed. */
	int stopLeftovers() {
		if (!Files.isDirectory(directory)) {
			return 0;
		}
		int removed = 0;
		try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*.properties")) {
			for (Path file : files) {
				if (stopIfOrphaned(file)) {
					removed++;
				}
			}
		}
		catch (IOException e) {
			log.warn("Could not look for leftover demo servers in {}: {}", directory, e.toString());
		}
		return removed;
	}

	/** The data directory {@code jvmPid} registered, while it is registered. */
	Optional<Path> registeredDataDirectory(long jvmPid) throws IOException {
		Path file = file(jvmPid);
		return Files.isRegularFile(file) ? Optional.of(Path.of(read(file).getProperty("dataDirectory"))) : Optional.empty();
	}

	private static Properties read(Path file) throws IOException {
		Properties registration = new Properties();
		try (InputStream in = Files.newInputStream(file)) {
			registration.load(in);
		}
		return registration;
	}

	private boolean stopIfOrphaned(Path file) throws IOException {
		Properties registration = read(file);
		long jvmPid = Long.parseLong(registration.getProperty("jvmPid", "-1"));
		if (alive(jvmPid)) {
			return false;
		}
		Path dataDirectory = Path.of(registration.getProperty("dataDirectory"));
		postmaster(dataDirectory).ifPresent(postmaster -> {
			log.warn("Stopping the embedded PostgreSQL (pid {}) a killed demo (JVM pid {}) left behind", postmaster.pid(),
					jvmPid);
			stop(postmaster);
		});
		deleteRecursively(dataDirectory);
		Files.deleteIfExists(file);
		return true;
	}

	/** The running postmaster of a data directory, if its pid file names a live postgres process. */
	static Optional<ProcessHandle> postmaster(Path dataDirectory) {
		Path pidFile = dataDirectory.resolve("postmaster.pid");
		if (!Files.isRegularFile(pidFile)) {
			return Optional.empty();
		}
		try (Stream<String> lines = Files.lines(pidFile)) {
			long pid = Long.parseLong(lines.findFirst().orElse("-1").strip());
			// a recycled pid must not be killed: it has to be a postgres process
			return ProcessHandle.of(pid)
				.filter(ProcessHandle::isAlive)
				.filter(handle -> handle.info().command().map(command -> command.contains("postgres")).orElse(false));
		}
		catch (IOException | NumberFormatException e) {
			return Optional.empty();
		}
	}

	private static void stop(ProcessHandle postmaster) {
		// SIGTERM: a smart shutdown, and the dead JVM's connections are already gone
		postmaster.destroy();
		try {
			postmaster.onExit().get(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (Exception e) {
			postmaster.destroyForcibly();
		}
	}

	private static boolean alive(long pid) {
		return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
	}

	private Path file(long jvmPid) {
		return directory.resolve(jvmPid + ".properties");
	}

	private static void deleteRecursively(Path root) {
		if (!Files.exists(root)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(root)) {
			paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
		}
		catch (IOException e) {
			log.warn("Could not delete the leftover data directory {}: {}", root, e.toString());
		}
	}
}
