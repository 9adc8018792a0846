package notifications.delivery;

/**
 * An SMTP server in this process (the demo's GreenMail), named by an interface so that the mail
 * transport never links GreenMail's classes, which the prod jar leaves out.
 */
interface LocalSmtpServer {

	/** The port it listens on, on 127.0.0.1. */
	int port();
}
