package notifications.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

import jakarta.mail.BodyPart;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;

/** Reading the mails GreenMail received, for the mail tests. */
public final class Mails {

	private Mails() {
	}

	public static String subject(MimeMessage mail) {
		try {
			return mail.getSubject();
		}
		catch (MessagingException e) {
			throw new IllegalStateException(e);
		}
	}

	/** The decoded text of the first part of {@code type} in a (nested) multipart content. */
	public static String part(Object content, String type) throws Exception {
		if (content instanceof Multipart multipart) {
			for (int i = 0; i < multipart.getCount(); i++) {
				BodyPart part = multipart.getBodyPart(i);
				String found = part.isMimeType(type) ? (String) part.getContent() : part(part.getContent(), type);
				if (found != null) {
					return found;
				}
			}
		}
		return null;
	}

	/** A port nothing listens on now, for a test's own GreenMail. */
	public static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
