package notifications.delivery;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.mail.autoconfigure.MailProperties;
import org.springframework.mail.MailException;
import org.springframework.mail.MailSendException;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.JavaMailSenderImpl;
import org.springframework.mail.javamail.MimeMessageHelper;
import org.springframework.stereotype.Component;
import org.springframework.util.ClassUtils;
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

	/**
	 * Jakarta Mail looks its stream provider up again for every body part and header block it makes
	 * (jakartaee/mail-api#699): through the system property this names it, else a ServiceLoader scan
	 * of every jar, which took three quarters of the sender's CPU (and GreenMail's, in the same JVM).
	 */
	static final String STREAM_PROVIDER = "jakarta.mail.util.StreamProvider";
	static final String ANGUS_STREAM_PROVIDER = "org.eclipse.angus.mail.util.MailStreamProvider";

	private final JavaMailSender sender;
	private final String server;
	private final String from;

	MailTransport(MailProperties mail, ObjectProvider<LocalSmtpServer> demo, NotificationProperties properties) {
		if (System.getProperty(STREAM_PROVIDER) == null && ClassUtils.isPresent(ANGUS_STREAM_PROVIDER, null)) {
			System.setProperty(STREAM_PROVIDER, ANGUS_STREAM_PROVIDER);
		}
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
	 * Sends the claimed notifications over one SMTP connection (a connection per mail is what made a
	 * wave of mail slow); what became of each, in order: null when the server took it, else why not
	 * (a mail that could not be written, the server's refusal, or the connection's failure for the
	 * mails it left unsent).
	 */
	List<Exception> sendAll(List<ClaimedMail> mails) {
		List<Exception> outcomes = new ArrayList<>(Collections.nCopies(mails.size(), null));
		List<MimeMessage> messages = new ArrayList<>();
		List<Integer> positions = new ArrayList<>();
		for (int i = 0; i < mails.size(); i++) {
			try {
				messages.add(message(mails.get(i)));
				positions.add(i);
			}
			catch (MessagingException | MailException refused) {
				outcomes.set(i, refused);
			}
		}
		if (messages.isEmpty()) {
			return outcomes;
		}
		try {
			sender.send(messages.toArray(MimeMessage[]::new));
		}
		catch (MailSendException failed) {
			Map<Object, Exception> failedMessages = failed.getFailedMessages();
			for (int j = 0; j < messages.size(); j++) {
				Exception cause = failedMessages.isEmpty() ? failed : failedMessages.get(messages.get(j));
				if (cause != null) {
					outcomes.set(positions.get(j), cause);
				}
			}
		}
		catch (MailException failed) {
			// the server refused the connection itself (credentials): no mail went
			positions.forEach(position -> outcomes.set(position, failed));
		}
		return outcomes;
	}

	/**
	 * The claimed notification as a text and HTML mail; one whose kind may be turned off carries the
	 * one-click unsubscribe headers of RFC 8058.
	 */
	private MimeMessage message(ClaimedMail mail) throws MessagingException {
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
		return message;
	}
}
