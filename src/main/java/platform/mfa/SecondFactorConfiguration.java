package platform.mfa;

import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import tools.jackson.databind.json.JsonMapper;

/** The second-factor gate, after Spring Security's chain and the suspended-tenant check. */
@Configuration(proxyBeanMethods = false)
class SecondFactorConfiguration {

	@Bean
	FilterRegistrationBean<SecondFactorGate> secondFactorGate(SecondFactorRepository repository, JsonMapper json) {
		FilterRegistrationBean<SecondFactorGate> registration = new FilterRegistrationBean<>(new SecondFactorGate(repository, json));
		registration.setOrder(SecurityFilterProperties.DEFAULT_FILTER_ORDER + 2);
		registration.addUrlPatterns("/*");
		return registration;
	}
}
