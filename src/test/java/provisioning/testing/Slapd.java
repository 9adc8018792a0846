package provisioning.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.DN;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;

import provisioning.settings.Target;

/**
 * A real OpenLDAP {@code slapd} (Debian's {@code slapd} package) for a test class: its own config
 * and mdb database in a temporary directory, on a free port of 127.0.0.1, suffix
 * {@code dc=test,dc=example}, root {@code cn=admin,dc=test,dc=example} / {@link #PASSWORD}, seeded
 * with {@code ou=people} and the groups {@link #GROUPS}. {@link #stop()} and {@link #start()} take
 * it down and up again on the same port and data (a directory outage). A test class gets one with
 * {@code @RegisterExtension static final Slapd slapd = Slapd.forTestClass();}: started before its
 * first test, removed after its last.
 */
public final class Slapd implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

	public static final String BASE = "dc=test,dc=example";
	public static final String ADMIN = "cn=admin," + BASE;
	public static final String PASSWORD = "slapd-test-secret";
	public static final List<String> GROUPS = List.of("cn=staff,ou=groups," + BASE, "cn=engineering,ou=groups," + BASE,
			"cn=vpn,ou=groups," + BASE);

	private static final Path SLAPD = Path.of("/usr/sbin/slapd");

	private final boolean tls;
	private Path directory;
	private int port;
	private int tlsPort;
	private Process process;

	private Slapd(boolean tls) {
		this.tls = tls;
	}

	/** A seeded slapd that a test class registers as an extension: it starts before the class's first test. */
	public static Slapd forTestClass() {
		return new Slapd(false);
	}

	/**
	 * Starts a seeded slapd that also listens for LDAP over TLS ({@link #ldapsUrl()}) with a new
	 * self-signed certificate for 127.0.0.1 (subjectAltName IP only, so {@code localhost} does not
	 * match it); {@link #certificate()} is its PEM file, for a trust store.
	 */
	public static Slapd startedWithTls() throws Exception {
		Slapd slapd = new Slapd(true);
		slapd.setUp();
		return slapd;
	}

	@Override
	public void beforeAll(ExtensionContext context) throws Exception {
		setUp();
	}

	@Override
	public void afterAll(ExtensionContext context) throws Exception {
		close();
	}

	/** Writes the config, starts slapd and seeds it; fails the test class clearly when slapd is not installed. */
	private void setUp() throws Exception {
		if (!Files.isExecutable(SLAPD)) {
			throw new IllegalStateException("slapd is not installed: apt-get install -y slapd ldap-utils (.ci/run does)");
		}
		directory = Files.createTempDirectory("slapd-test");
		Files.createDirectories(directory.resolve("data"));
		Files.writeString(directory.resolve("slapd.conf"), """
				include /etc/ldap/schema/core.schema
				include /etc/ldap/schema/cosine.schema
				include /etc/ldap/schema/inetorgperson.schema
				pidfile %1$s/slapd.pid
				modulepath /usr/lib/ldap
				moduleload back_mdb
				database mdb
				maxsize 104857600
				suffix "%2$s"
				rootdn "%3$s"
				rootpw %4$s
				directory %1$s/data
				""".formatted(directory, BASE, ADMIN, PASSWORD));
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		if (tls) {
			Process openssl = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
					"-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
					"-keyout", directory.resolve("key.pem").toString(), "-out", directory.resolve("cert.pem").toString())
				.redirectErrorStream(true).redirectOutput(directory.resolve("openssl.log").toFile()).start();
			if (openssl.waitFor() != 0) {
				throw new IllegalStateException("openssl failed: " + Files.readString(directory.resolve("openssl.log")));
			}
			Files.writeString(directory.resolve("slapd.conf"), """
					TLSCertificateFile %1$s/cert.pem
					TLSCertificateKeyFile %1$s/key.pem
					""".formatted(directory) + Files.readString(directory.resolve("slapd.conf")));
			try (ServerSocket socket = new ServerSocket(0)) {
				tlsPort = socket.getLocalPort();
			}
		}
		start();
		try (LDAPConnection ldap = connect()) {
			ldap.add(new Entry(BASE, new Attribute("objectClass", "top", "dcObject", "organization"),
					new Attribute("dc", "test"), new Attribute("o", "Test")));
			ldap.add(new Entry("ou=people," + BASE, new Attribute("objectClass", "top", "organizationalUnit"),
					new Attribute("ou", "people")));
			ldap.add(new Entry("ou=groups," + BASE, new Attribute("objectClass", "top", "organizationalUnit"),
					new Attribute("ou", "groups")));
			for (String group : GROUPS) {
				// groupOfNames must have a member: the admin stands in
				ldap.add(new Entry(group, new Attribute("objectClass", "top", "groupOfNames"),
						new Attribute("cn", group.substring(3, group.indexOf(','))), new Attribute("member", ADMIN)));
			}
		}
	}

	public int port() {
		return port;
	}

	public String url() {
		return "ldap://127.0.0.1:" + port;
	}

	/** A provisioning target {@code key} on this slapd: bound as the admin, accounts under {@code ou=people}. */
	public Target target(String key) {
		return target(key, url());
	}

	/** A provisioning target {@code key} on a slapd reached at {@code url} (a proxy in front of one). */
	public static Target target(String key, String url) {
		return new Target(key, url, ADMIN, PASSWORD, null, BASE, "ou=people", Target.OPENLDAP);
	}

	/** {@code ldaps://<host>:<port>} of a slapd started with TLS. */
	public String ldapsUrl(String host) {
		return "ldaps://" + host + ":" + tlsPort;
	}

	/** The PEM certificate of a slapd started with TLS. */
	public Path certificate() {
		return directory.resolve("cert.pem");
	}

	/** Starts slapd in the foreground (-d 0 keeps it attached) and waits until it answers a bind. */
	public void start() throws Exception {
		String urls = url() + "/" + (tlsPort == 0 ? "" : " " + ldapsUrl("127.0.0.1") + "/");
		List<String> command = new ArrayList<>(List.of(SLAPD.toString(), "-f", directory.resolve("slapd.conf").toString(),
				"-h", urls, "-d", "0"));
		process = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(directory.resolve("slapd.log").toFile())
			.start();
		Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
		while (true) {
			try (LDAPConnection ignored = connect()) {
				return;
			}
			catch (LDAPException notYet) {
				if (!process.isAlive()) {
					throw new IllegalStateException("slapd exited: " + Files.readString(directory.resolve("slapd.log")));
				}
				if (Instant.now().isAfter(deadline)) {
					throw new IllegalStateException("slapd did not answer within 30 s", notYet);
				}
				Thread.sleep(100);
			}
		}
	}

	/** Stops slapd (the data stays): the directory is down until {@link #start()}. */
	public void stop() throws InterruptedException {
		if (process != null && process.isAlive()) {
			process.destroy();
			if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
				process.destroyForcibly().waitFor();
			}
		}
	}

	/** A connection bound as the admin. */
	public LDAPConnection connect() throws LDAPException {
		return new LDAPConnection("127.0.0.1", port, ADMIN, PASSWORD);
	}

	/** The entries anywhere under {@link #BASE} with mail {@code email}, with their attributes and password. */
	public List<SearchResultEntry> entriesByMail(String email) throws LDAPException {
		try (LDAPConnection ldap = connect()) {
			return ldap.search(BASE, SearchScope.SUB, "(mail=" + email + ")", "*", "userPassword").getSearchEntries();
		}
	}

	/** The one entry with mail {@code email}; null when there is none (and a failure when there are more). */
	public SearchResultEntry entryByMail(String email) throws LDAPException {
		List<SearchResultEntry> entries = entriesByMail(email);
		assertThat(entries).as("entries with mail %s", email).hasSizeLessThanOrEqualTo(1);
		return entries.isEmpty() ? null : entries.get(0);
	}

	/** The members of {@code group}. */
	public List<DN> members(String group) throws LDAPException {
		try (LDAPConnection ldap = connect()) {
			Entry entry = ldap.getEntry(group, "member");
			List<DN> members = new ArrayList<>();
			for (String value : entry.getAttributeValues("member")) {
				members.add(new DN(value));
			}
			return members;
		}
	}

	@Override
	public void close() throws Exception {
		stop();
		try (Stream<Path> files = Files.walk(directory)) {
			files.sorted(Comparator.reverseOrder()).forEach(path -> {
				try {
					Files.delete(path);
				}
				catch (IOException ignored) {
					// a temporary directory: the OS cleans up what is left
				}
			});
		}
	}
}
