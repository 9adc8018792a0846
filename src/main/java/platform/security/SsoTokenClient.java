package platform.security;

import java.net.http.HttpClient;
import java.time.Duration;

import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.converter.FormHttpMessageConverter;
import org.springframework.security.oauth2.client.endpoint.OAuth2AccessTokenResponseClient;
import org.springframework.security.oauth2.client.endpoint.OAuth2AuthorizationCodeGrantRequest;
import org.springframework.security.oauth2.client.endpoint.RestClientAuthorizationCodeTokenResponseClient;
import org.springframework.security.oauth2.client.http.OAuth2ErrorResponseErrorHandler;
import org.springframework.security.oauth2.core.http.converter.OAuth2AccessTokenResponseHttpMessageConverter;
import org.springframework.web.client.RestClient;

/**
 * The call that trades a sign-in's authorization code for tokens at the tenant's identity
 * provider, on the JDK's HTTP client with deadlines: a provider that does not answer fails the
 * sign-in after seconds instead of holding a request thread, and the client no longer depends on
 * which HTTP library happens to be on the classpath (Spring's detection would pick any Jetty
 * client, also one of another major version).
 */
final class SsoTokenClient {

	static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
	static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

	private SsoTokenClient() {
	}

	static OAuth2AccessTokenResponseClient<OAuth2AuthorizationCodeGrantRequest> create() {
		JdkClientHttpRequestFactory http = new JdkClientHttpRequestFactory(
				HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build());
		http.setReadTimeout(READ_TIMEOUT);
		RestClientAuthorizationCodeTokenResponseClient client = new RestClientAuthorizationCodeTokenResponseClient();
		// the converters and error handler Spring Security's own default client has
		client.setRestClient(RestClient.builder()
			.requestFactory(http)
			.configureMessageConverters(converters -> converters.addCustomConverter(new FormHttpMessageConverter())
				.addCustomConverter(new OAuth2AccessTokenResponseHttpMessageConverter()))
			.defaultStatusHandler(new OAuth2ErrorResponseErrorHandler())
			.build());
		return client;
	}
}
