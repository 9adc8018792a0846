package platform.tenancy;

import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import platform.TenantSuspensions;
import tools.jackson.databind.json.JsonMapper;

/** The suspension check, registered right after Spring Security's filter chain (which signs the user in). */
@Configuration(proxyBeanMethods = false)
class TenancyConfiguration {

	@Bean
	FilterRegistrationBean<SuspendedTenantFilter> suspendedTenantFilter(TenantSuspensions suspensions, JsonMapper json) {
		FilterRegistrationBean<SuspendedTenantFilter> registration = new FilterRegistrationBean<>(
				new SuspendedTenantFilter(suspensions, json));
		registration.setOrder(SecurityFilterProperties.DEFAULT_FILTER_ORDER + 1);
		registration.addUrlPatterns("/*");
		return registration;
	}
}
