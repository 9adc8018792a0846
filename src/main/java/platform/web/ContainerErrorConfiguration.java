package platform.web;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.catalina.core.StandardHost;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.util.unit.DataSize;
import org.springframework.web.servlet.ViewResolver;

import platform.OutageLog;
import tools.jackson.databind.json.JsonMapper;

/**
 * problem+json also where Spring MVC never runs: Tomcat's own rejections
 * ({@link ProblemErrorReportValve}), bodies over the size limit ({@link RequestSizeLimit}, first
 * of all filters, before security) and API requests that accept no JSON answer
 * ({@link AcceptableAnswer}, next); and the 503 of a database outage met by a filter behind them
 * ({@link DatabaseOutageFilter}, around the rest).
 */
@Configuration(proxyBeanMethods = false)
class ContainerErrorConfiguration {

	@Bean
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> problemErrorReportValve() {
		return factory -> factory.addContextCustomizers(context -> {
			if (context.getParent() instanceof StandardHost host) {
				host.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
			}
		});
	}

	@Bean
	FilterRegistrationBean<RequestSizeLimit> requestSizeLimit(
			@Value("${jmlhub.web.max-body-size:1MB}") DataSize maxBodySize,
			@Value("${jmlhub.web.max-upload-size:100MB}") DataSize maxImportSize,
			@Value("${jmlhub.attachments.max-size:10MB}") DataSize maxAttachmentSize,
			@Value("${jmlhub.web.upload-paths:}") List<String> attachmentPaths) {
		DataSize maxAttachmentUpload = DataSize.ofBytes(Math.max(maxBodySize.toBytes(),
				maxAttachmentSize.toBytes() + RequestSizeLimit.MULTIPART_OVERHEAD.toBytes()));
		Map<String, DataSize> uploads = new LinkedHashMap<>();
		RequestSizeLimit.IMPORT_PATHS.forEach(path -> uploads.put(path, maxImportSize));
		attachmentPaths.forEach(path -> uploads.put(path, maxAttachmentUpload));
		FilterRegistrationBean<RequestSizeLimit> registration = new FilterRegistrationBean<>(
				new RequestSizeLimit(maxBodySize, uploads));
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
		registration.addUrlPatterns("/*");
		return registration;
	}

	@Bean
	FilterRegistrationBean<AcceptableAnswer> acceptableAnswer() {
		FilterRegistrationBean<AcceptableAnswer> registration = new FilterRegistrationBean<>(new AcceptableAnswer());
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
		registration.addUrlPatterns("/v1/*");
		return registration;
	}

	@Bean
	FilterRegistrationBean<DatabaseOutageFilter> databaseOutageFilter(JsonMapper json,
			@Qualifier("thymeleafViewResolver") ViewResolver pages,
			@Value(DatabaseOutage.RETRY_AFTER_SETTING) Duration retryAfter, OutageLog outages) {
		FilterRegistrationBean<DatabaseOutageFilter> registration = new FilterRegistrationBean<>(
				new DatabaseOutageFilter(json, pages, retryAfter, outages));
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 2);
		registration.addUrlPatterns("/*");
		return registration;
	}
}
