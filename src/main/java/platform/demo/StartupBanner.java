package platform.demo;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/** Tells whoever started the application where to go and how to sign in, and whether runs auto-start. */
@Component
class StartupBanner {

	private static final Logger log = LoggerFactory.getLogger(StartupBanner.class);

	@EventListener
	void ready(ApplicationReadyEvent event) {
		Environment env = event.getApplicationContext().getEnvironment();
		int port = event.getApplicationContext() instanceof WebServerApplicationContext web
				? web.getWebServer().getPort() : env.getProperty("server.port", Integer.class, 8080);
		boolean demo = env.getProperty("jmlhub.demo", Boolean.class, false);
		StringBuilder banner = new StringBuilder("\n\n  JML Hub is running at http://localhost:" + port + "/\n");
		if (demo) {
			banner.append("""
					  This is the embedded demo: PostgreSQL and Temporal run in-process and everything is
					  lost when the process stops. Demo logins (password "demo"):
					    acme:   hana (HR), manny (APPROVER, managers), ivan (APPROVER, it),
					            sara, sam (APPROVER, security), ada (ADMIN, platform operator),
					            pia (no role: requests access)
					    globex: gus (HR, ADMIN, APPROVER in every group), gina (HR)
					""");
		}
		else {
			banner.append("""
					  Production mode. Sign in with the bootstrap admin (JMLHUB_BOOTSTRAP_ADMIN_USERNAME) or any
					  user of your tenants; the JSON API takes the same credentials as HTTP Basic.
					""");
		}
		if (demo && env.getProperty("jmlhub.demo-story", Boolean.class, true)) {
			String ldapPort = env.getProperty("jmlhub.demo-ldap-port", "1389");
			banner.append("  acme's directory (in memory, provisioned when IT approves a joiner):\n"
					+ "    ldapsearch -H ldap://127.0.0.1:" + ldapPort + " -D cn=admin,dc=acme,dc=demo -w demo"
					+ " -b dc=acme,dc=demo \"(mail=<email>)\"\n");
		}
		if (demo && env.getProperty("spring.mail.host", "").isBlank()) {
			banner.append("  Mail goes to the in-process SMTP server (GreenMail) on 127.0.0.1:"
					+ env.getProperty("jmlhub.demo-smtp-port", "3025") + "; ada's Admin → Mail page shows it.\n");
		}
		if (!env.getProperty("workflow.jml.auto-start-enabled", Boolean.class, true)) {
			banner.append("""
					  WORKFLOW_JML_AUTO_START_ENABLED=false: hiring, transferring or offboarding an employee
					  starts NO approval run.
					""");
		}
		log.info(banner.toString());
	}
}
