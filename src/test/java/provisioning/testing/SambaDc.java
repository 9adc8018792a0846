package provisioning.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;

/**
 * A real Active Directory domain controller for a test class: Samba's AD DC (Debian's
 * {@code samba-ad-dc}), provisioned into a temporary directory (realm {@code TEST.LAN}, base
 * {@code DC=test,DC=lan}, about 10 s) and started with only its LDAP service, in one process. Samba
 * serves LDAP on port 389 only, so it listens on a loopback address of its own (a random
 * {@code 127.x.y.z}: no clash with another directory on the machine), which needs root, as CI has.
 * Simple binds over plain LDAP are allowed ({@code ldap server require strong auth = no}), as the
 * adapter's tests use no TLS. Seeded with {@code OU=people}, {@code OU=groups} and the security
 * groups {@link #GROUPS}.
 */
public final class SambaDc implements AutoCloseable {

	public static final String BASE = "DC=test,DC=lan";
	public static final String ADMIN = "CN=Administrator,CN=Users," + BASE;
	public static final String PASSWORD = "Samba-test-Passw0rd!";
	public static final List<String> GROUPS = List.of("CN=staff,OU=groups," + BASE, "CN=engineering,OU=groups," + BASE,
			"CN=vpn,OU=groups," + BASE);

	private static final Path SAMBA = Path.of("/usr/sbin/samba");
	private static final Path SAMBA_TOOL = Path.of("/usr/bin/samba-tool");

	private final Path directory;
	private final String host;
	private Process process;

	private SambaDc(Path directory, String host) {
		this.directory = directory;
		this.host = host;
	}

	/** Provisions, starts and seeds a domain controller; fails the test class clearly when Samba is not installed. */
	public static SambaDc started() throws Exception {
		if (!Files.isExecutable(SAMBA) || !Files.isExecutable(SAMBA_TOOL)) {
			throw new IllegalStateException("Samba's AD DC is not installed: apt-get install -y samba-ad-dc (.ci/run does)");
		}
		Path directory = Files.createTempDirectory("samba-dc-test");
		String host = freeLoopback();
		Process provision = new ProcessBuilder(SAMBA_TOOL.toString(), "domain", "provision", "--use-rfc2307",
				"--server-role=dc", "--dns-backend=NONE", "--realm=TEST.LAN", "--domain=TEST", "--host-name=testdc",
				"--adminpass=" + PASSWORD, "--targetdir=" + directory, "--option=interfaces=" + host + "/8",
				"--option=bind interfaces only=yes", "--option=server services=ldap",
				"--option=log file=" + directory.resolve("samba.log")).redirectErrorStream(true)
			.redirectOutput(directory.resolve("provision.log").toFile())
			.start();
		if (!provision.waitFor(3, TimeUnit.MINUTES) || provision.exitValue() != 0) {
			provision.destroyForcibly();
			throw new IllegalStateException("samba-tool domain provision failed: " + Files.readString(directory.resolve("provision.log")));
		}
		Path config = directory.resolve("etc/smb.conf");
		// provision drops this option: written into [global] by hand
		Files.writeString(config, Files.readString(config).replaceFirst("\\[global\\]\\n",
				"[global]\n\tldap server require strong auth = no\n"));
		SambaDc samba = new SambaDc(directory, host);
		samba.start();
		try (LDAPConnection ldap = samba.connect()) {
			for (String ou : List.of("people", "groups")) {
				ldap.add(new Entry("OU=" + ou + "," + BASE, new Attribute("objectClass", "top", "organizationalUnit"),
						new Attribute("ou", ou)));
			}
			for (String group : GROUPS) {
				String name = group.substring(3, group.indexOf(','));
				ldap.add(new Entry(group, new Attribute("objectClass", "top", "group"), new Attribute("cn", name),
						new Attribute("sAMAccountName", "test-" + name)));
			}
		}
		catch (LDAPException | RuntimeException failure) {
			samba.close();
			throw failure;
		}
		return samba;
	}

	public String url() {
		return "ldap://" + host + ":389";
	}

	/** Starts samba in the foreground (one process) and waits until it answers a bind. */
	private void start() throws Exception {
		process = new ProcessBuilder(SAMBA.toString(), "-s", directory.resolve("etc/smb.conf").toString(), "-i", "-M",
				"single", "--debug-stdout").redirectErrorStream(true)
			.redirectOutput(directory.resolve("samba.out").toFile())
			.start();
		Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
		while (true) {
			try (LDAPConnection ignored = connect()) {
				return;
			}
			catch (LDAPException notYet) {
				if (!process.isAlive()) {
					throw new IllegalStateException("samba exited: " + Files.readString(directory.resolve("samba.out")));
				}
				if (Instant.now().isAfter(deadline)) {
					throw new IllegalStateException("samba did not answer within 60 s", notYet);
				}
				Thread.sleep(200);
			}
		}
	}

	/** A connection bound as the domain's Administrator. */
	public LDAPConnection connect() throws LDAPException {
		return new LDAPConnection(host, 389, ADMIN, PASSWORD);
	}

	/** A loopback address nothing listens on at port 389. */
	private static String freeLoopback() {
		for (int attempt = 0; attempt < 20; attempt++) {
			ThreadLocalRandom random = ThreadLocalRandom.current();
			String host = "127." + random.nextInt(1, 255) + "." + random.nextInt(0, 256) + "." + random.nextInt(2, 255);
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress(host, 389), 200);
			}
			catch (IOException nothingThere) {
				return host;
			}
		}
		throw new IllegalStateException("No free loopback address for port 389");
	}

	@Override
	public void close() throws Exception {
		if (process != null && process.isAlive()) {
			process.destroy();
			if (!process.waitFor(20, TimeUnit.SECONDS)) {
				process.destroyForcibly().waitFor();
			}
		}
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
