package provisioning.demo;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

import com.unboundid.ldap.listener.InMemoryDirectoryServer;
import com.unboundid.ldap.listener.InMemoryDirectoryServerConfig;
import com.unboundid.ldap.listener.InMemoryListenerConfig;
import com.unboundid.ldap.listener.interceptor.InMemoryInterceptedAddRequest;
import com.unboundid.ldap.listener.interceptor.InMemoryOperationInterceptor;
import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.Entry;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;

import platform.StartupRefusedException;

/**
 * Acme's directory in the embedded demo: UnboundID's in-memory LDAP server on 127.0.0.1 (port
 * {@code jmlhub.demo-ldap-port}, DEMO_LDAP_PORT), base {@value #BASE_DN}, bound as
 * {@value #ADMIN_DN} with password {@value #ADMIN_PASSWORD}, with {@code ou=people} and its
 * department OUs and the groups acme's entitlements name (the joiner's, and one per package of the
 * demo's access catalog). It refuses the account of one employee
 * of the demo story (Noah Becker, whom IT approves) as a real directory refuses a write, so the
 * demo shows a failed effect with the directory's own answer. Stopped with the application.
 */
@Component
@ConditionalOnBooleanProperty({ "jmlhub.demo", "jmlhub.demo-story" })
class DemoDirectoryServer implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(DemoDirectoryServer.class);

	static final String BASE_DN = "dc=acme,dc=demo";
	static final String ADMIN_DN = "cn=admin,dc=acme,dc=demo";
	static final String ADMIN_PASSWORD = "demo";
	static final String PEOPLE_OU = "ou=people";
	static final String GROUPS_DN = "ou=groups," + BASE_DN;
	static final List<String> DEPARTMENTS = List.of("Engineering", "Sales", "Finance", "Support", "Security");

	/**
	 * The groups the demo catalog's packages give (access.demo), by the package's grant label:
	 * approving a request makes the beneficiary a member.
	 */
	static final Map<String, String> PACKAGE_GROUPS = Map.of("finance-share", "finance-share",
			"payments-approve", "payments-approvers", "prod-read", "prod-read", "vpn", "vpn");

	/** As platform.demo.DemoStory hires him. */
	static final String REFUSED_EMAIL = "noah.becker@example.com";

	private final InMemoryDirectoryServer server;

	DemoDirectoryServer(@Value("${jmlhub.demo-ldap-port:1389}") int port) {
		try {
			InMemoryDirectoryServerConfig config = new InMemoryDirectoryServerConfig(BASE_DN);
			config.addAdditionalBindCredentials(ADMIN_DN, ADMIN_PASSWORD);
			config.setListenerConfigs(InMemoryListenerConfig.createLDAPConfig("demo", InetAddress.getByName("127.0.0.1"),
					port, null));
			config.addInMemoryOperationInterceptor(new RefusesOneAccount());
			server = new InMemoryDirectoryServer(config);
			seed(server);
		}
		catch (LDAPException | UnknownHostException e) {
			throw new IllegalStateException("Could not set up the demo's in-memory directory: " + e.getMessage(), e);
		}
		try {
			server.startListening();
		}
		catch (LDAPException e) {
			throw new StartupRefusedException("The demo's LDAP directory cannot listen on 127.0.0.1:" + port + " ("
					+ e.getExceptionMessage() + "); is another demo running?",
					"Stop whatever uses port " + port + ", or set DEMO_LDAP_PORT to a free port.");
		}
		log.info("Demo directory listening on ldap://127.0.0.1:{} (base {}, bind {} / {})", port(), BASE_DN, ADMIN_DN,
				ADMIN_PASSWORD);
	}

	/** The port it listens on (the configured one, or the one chosen for port 0). */
	int port() {
		return server.getListenPort();
	}

	String url() {
		return "ldap://127.0.0.1:" + port();
	}

	@Override
	public void destroy() {
		server.shutDown(true);
	}

	private static void seed(InMemoryDirectoryServer server) throws LDAPException {
		server.add(new Entry(BASE_DN, new Attribute("objectClass", "top", "domain", "dcObject"), new Attribute("dc", "acme")));
		server.add(ou(PEOPLE_OU + "," + BASE_DN, "people"));
		for (String department : DEPARTMENTS) {
			server.add(ou("ou=" + department + "," + PEOPLE_OU + "," + BASE_DN, department));
		}
		server.add(ou(GROUPS_DN, "groups"));
		server.add(group("all-staff"));
		for (String department : DEPARTMENTS) {
			server.add(group(department.toLowerCase(Locale.ROOT)));
		}
		for (String group : new TreeSet<>(PACKAGE_GROUPS.values())) {
			server.add(group(group));
		}
	}

	private static Entry ou(String dn, String name) {
		return new Entry(dn, new Attribute("objectClass", "top", "organizationalUnit"), new Attribute("ou", name));
	}

	/** groupOfNames must have a member: the admin stands in until the first account joins. */
	private static Entry group(String name) {
		return new Entry(groupDn(name), new Attribute("objectClass", "top", "groupOfNames"), new Attribute("cn", name),
				new Attribute("member", ADMIN_DN));
	}

	static String groupDn(String name) {
		return "cn=" + name + "," + GROUPS_DN;
	}

	/** The directory's own refusal of one account: a permanent answer, as a policy of a real directory gives. */
	private static final class RefusesOneAccount extends InMemoryOperationInterceptor {

		@Override
		public void processAddRequest(InMemoryInterceptedAddRequest request) throws LDAPException {
			String mail = request.getRequest().toEntry().getAttributeValue("mail");
			if (mail != null && REFUSED_EMAIL.equals(mail.toLowerCase(Locale.ROOT))) {
				throw new LDAPException(ResultCode.UNWILLING_TO_PERFORM, "The demo directory's policy refuses an account "
						+ "for " + mail + " (this failed effect is part of the demo; retrying it fails the same way)");
			}
		}
	}
}
