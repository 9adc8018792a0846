package provisioning.ldap;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import provisioning.testing.Slapd;

/**
 * {@code ldaps://} against a real slapd with a self-signed certificate for 127.0.0.1: the adapter
 * trusts what the JVM's trust store trusts ({@code javax.net.ssl.trustStore}, set here only around
 * each call) and refuses a certificate it does not trust, or one that does not name the host.
 */
class LdapsTests {

	static Slapd slapd;
	static Path trustStore;

	final LdapDirectory directory = new LdapDirectory();

	@BeforeAll
	static void startSlapd() throws Exception {
		slapd = Slapd.startedWithTls();
		KeyStore store = KeyStore.getInstance("PKCS12");
		store.load(null, null);
		try (InputStream pem = Files.newInputStream(slapd.certificate())) {
			store.setCertificateEntry("slapd", CertificateFactory.getInstance("X.509").generateCertificate(pem));
		}
		trustStore = Files.createTempFile("slapd-trust", ".p12");
		try (OutputStream out = Files.newOutputStream(trustStore)) {
			store.store(out, "changeit".toCharArray());
		}
	}

	@AfterAll
	static void stopSlapd() throws Exception {
		slapd.close();
		Files.deleteIfExists(trustStore);
	}

	@Test
	void aCertificateTheTrustStoreHoldsIsTrusted() {
		withTrustStore(() -> directory.check(new Connection(slapd.ldapsUrl("127.0.0.1"), Slapd.ADMIN, Slapd.PASSWORD)));
	}

	@Test
	void aCertificateTheJvmDoesNotTrustIsRefused() {
		assertThatThrownBy(() -> directory.check(new Connection(slapd.ldapsUrl("127.0.0.1"), Slapd.ADMIN, Slapd.PASSWORD)))
			.isInstanceOf(DirectoryFailure.class)
			.hasMessageContaining(slapd.ldapsUrl("127.0.0.1"));
	}

	@Test
	void aCertificateForAnotherHostIsRefused() {
		withTrustStore(() -> assertThatThrownBy(
				() -> directory.check(new Connection(slapd.ldapsUrl("localhost"), Slapd.ADMIN, Slapd.PASSWORD)))
			.isInstanceOf(DirectoryFailure.class)
			.hasMessageContaining("localhost"));
	}

	private static void withTrustStore(Runnable call) {
		System.setProperty("javax.net.ssl.trustStore", trustStore.toString());
		System.setProperty("javax.net.ssl.trustStorePassword", "changeit");
		System.setProperty("javax.net.ssl.trustStoreType", "PKCS12");
		try {
			call.run();
		}
		finally {
			System.clearProperty("javax.net.ssl.trustStore");
			System.clearProperty("javax.net.ssl.trustStorePassword");
			System.clearProperty("javax.net.ssl.trustStoreType");
		}
	}
}
