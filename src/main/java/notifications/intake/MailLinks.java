package notifications.intake;

import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;
import org.springframework.web.util.UriComponentsBuilder;

import notifications.delivery.NotificationProperties;

/**
 * The absolute links in mails: the configured public base URL (PUBLIC_BASE_URL, what users type to
 * reach the console), else this instance's own {@code http://localhost:<port>}, fine for the demo.
 */
@Component
class MailLinks {

	private final NotificationProperties properties;
	private final Environment environment;

	MailLinks(NotificationProperties properties, Environment environment) {
		this.properties = properties;
		this.environment = environment;
	}

	/** The absolute URL of the console page at {@code path} (e.g. {@code /runs/{id}}). */
	String to(String path, Object... variables) {
		String base = StringUtils.hasText(properties.publicBaseUrl()) ? properties.publicBaseUrl().replaceAll("/+$", "")
				: "http://localhost:" + environment.getProperty("local.server.port", environment.getProperty("server.port", "8080"));
		return UriComponentsBuilder.fromUriString(base + path).buildAndExpand(variables).encode().toUriString();
	}
}
