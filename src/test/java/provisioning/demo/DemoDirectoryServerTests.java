package provisioning.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;

import org.junit.jupiter.api.Test;

import com.unboundid.ldap.sdk.LDAPConnection;
import com.unboundid.ldap.sdk.LDAPException;

import platform.StartupRefusedException;

/** The demo's in-memory directory on its own: seeded, bound as the banner says, stopped, and a taken port said plainly. */
class DemoDirectoryServerTests {

	@Test
	void listensWithTheSeededTreeAndStopsWhenDestroyed() throws Exception {
		DemoDirectoryServer server = new DemoDirectoryServer(0);
		int port = server.port();
		try (LDAPConnection ldap = new LDAPConnection("127.0.0.1", port, "cn=admin,dc=acme,dc=demo", "demo")) {
			assertThat(ldap.getEntry("ou=Engineering,ou=people,dc=acme,dc=demo")).isNotNull();
			assertThat(ldap.getEntry("cn=all-staff,ou=groups,dc=acme,dc=demo").getObjectClassValues()).contains("groupOfNames");
			assertThat(ldap.getEntry("cn=engineering,ou=groups,dc=acme,dc=demo")).isNotNull();
		}
		finally {
			server.destroy();
		}
		assertThatThrownBy(() -> new LDAPConnection("127.0.0.1", port).close()).isInstanceOf(LDAPException.class);
	}

	@Test
	void aTakenPortRefusesTheStartWithOneMessageNamingTheVariable() throws Exception {
		try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
			assertThatThrownBy(() -> new DemoDirectoryServer(taken.getLocalPort()))
				.isInstanceOfSatisfying(StartupRefusedException.class, refused -> {
					assertThat(refused.problem()).contains("127.0.0.1:" + taken.getLocalPort());
					assertThat(refused.action()).contains("DEMO_LDAP_PORT");
				});
		}
	}
}
