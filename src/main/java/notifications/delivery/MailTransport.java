package notifications.delivery;

import java.nio.charset.StandardCharsets;
import java.util.Properties;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.mail.autoconfigure.MailProperties;
import org.springframework.mail.MailException;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.JavaMailSenderImpl;
import org.springframework.mail.javamail.MimeMessageHelper;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import notifications.store.ClaimedMail;

/**
 * Where mail goes: the SMTP server of Spring Boot's {@code spring.mail.*} properties
 * (SPRING_MAIL_HOST and friends) when a host is set; else the demo's GreenMail; else nowhere, said
 * once at startup, and notifications are recorded as {@code not_configured}. Boot's own mail
 * auto-configuration is excluded (application.yml): it takes the empty host of an unset
 * SPRING_MAIL_HOST for a configured one.
 */
@Component
@EnableConfigurationProperties(MailProperties.class)
public class MailTransport {

	private static final Logger log = LoggerFactory.getLogger(MailTransport.class);

	private final JavaMailSender sender;
	private final String server;
	private final String from;

	MailTransport(MailProperties mail, ObjectProvider<LocalSmtpServer> demo, NotificationProperties properties) {
		this.from = properties.from();
		LocalSmtpServer demoServer = demo.getIfAvailable();
		if (StringUtils.hasText(mail.getHost())) {
			int port = mail.getPort() == null ? 25 : mail.getPort();
			this.sender = sender(mail, mail.getHost(), port);
			this.server = "SMTP server " + mail.getHost() + ":" + port;
			log.info("Mail goes to the {}", server);
		}
		else if (demoServer != null) {
			JavaMailSenderImpl local = sender(mail, "127.0.0.1", demoServer.port());
			// GreenMail speaks plain SMTP on loopback, without authentication
			local.setUsername(null);
			local.setPassword(null);
			local.getJavaMailProperties().put("mail.smtp.starttls.enable", "false");
			local.getJavaMailProperties().put("mail.smtp.starttls.required", "false");
			this.sender = local;
			this.server = "demo SMTP server 127.0.0.1:" + demoServer.port();
		}
		else {
			this.sender = null;
			this.server = null;
			log.warn("No SMTP server is configured (SPRING_MAIL_HOST is empty): notifications are recorded as "
					+ "not_configured on the Mail page and no mail is sent.");
		}
	}

	/**
	 * Spring Boot's mail properties applied as its own auto-configuration would, except that an empty
	 * user name or password (the variables' defaults) means none: no authentication is attempted.
	 */
	private static JavaMailSenderImpl sender(MailProperties mail, String host, int port) {
		JavaMailSenderImpl sender = new JavaMailSenderImpl();
		sender.setHost(host);
		sender.setPort(port);
		sender.setUsername(StringUtils.hasText(mail.getUsername()) ? mail.getUsername() : null);
		sender.setPassword(StringUtils.hasText(mail.getPassword()) ? mail.getPassword() : null);
		sender.setProtocol(mail.getProtocol());
		sender.setDefaultEncoding(StandardCharsets.UTF_8.name());
		Properties javaMail = new Properties();
		javaMail.putAll(mail.getProperties());
		if (sender.getUsername() != null) {
			javaMail.putIfAbsent("mail.smtp.auth", "true");
		}
		sender.setJavaMailProperties(javaMail);
		return sender;
	}

	/** Whether mail can be sent at all; otherwise notifications are recorded as {@code not_configured}. */
	public boolean configured() {
		return sender != null;
	}

	/** The server mail goes to, for the log and the Mail page; null when none is configured. */
	public String server() {
		return server;
	}

	/**
	 * Sends the claimed notification as a text and HTML mail; one whose kind may be turned off carries
	 * the one-click unsubscribe headers of RFC 8058.
	 */
	void send(ClaimedMail mail) throws MessagingException, MailException {
		MimeMessage message = sender.createMimeMessage();
		MimeMessageHelper helper = new MimeMessageHelper(message, true, StandardCharsets.UTF_8.name());
		helper.setFrom(from);
		helper.setTo(mail.email());
		helper.setSubject(mail.subject());
		helper.setText(mail.bodyText(), mail.bodyHtml());
		if (mail.unsubscribeUrl() != null) {
			message.setHeader("List-Unsubscribe", "<" + mail.unsubscribeUrl() + ">");
			message.setHeader("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");
		}
		sender.send(message);
	}
}
