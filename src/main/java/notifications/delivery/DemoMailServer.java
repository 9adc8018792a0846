package notifications.delivery;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Conditional;
import org.springframework.stereotype.Component;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;

import platform.StartupRefusedException;

/**
 * The demo's SMTP server when no SMTP host is configured: GreenMail, a real SMTP server, in
 * process on 127.0.0.1 (port {@code jmlhub.demo-smtp-port}, DEMO_SMTP_PORT; 0 = a free one). It
 * keeps what it receives in memory; the Mail page shows what was sent. Not in the prod jar.
 */
@Component
@ConditionalOnBooleanProperty("jmlhub.demo")
@ConditionalOnClass(name = "com.icegreen.greenmail.util.GreenMail")
@Conditional(NoMailHost.class)
class DemoMailServer implements LocalSmtpServer, DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(DemoMailServer.class);

	private final GreenMail server;

	DemoMailServer(@Value("${jmlhub.demo-smtp-port:3025}") int port) {
		ServerSetup setup = new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP);
		server = new GreenMail(port == 0 ? setup.dynamicPort() : setup);
		try {
			server.start();
		}
		catch (RuntimeException e) {
			throw new StartupRefusedException("The demo's SMTP server cannot listen on 127.0.0.1:" + port + " ("
					+ e.getMessage() + "); is another demo running?",
					"Stop whatever uses port " + port + ", or set DEMO_SMTP_PORT to a free port (or SPRING_MAIL_HOST to a real SMTP server).");
		}
		log.info("Demo SMTP server (GreenMail) listening on 127.0.0.1:{}; the Mail page shows what was sent", port());
	}

	@Override
	public int port() {
		return server.getSmtp().getPort();
	}

	@Override
	public void destroy() {
		server.stop();
	}
}
