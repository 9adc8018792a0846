package platform.web;

import org.springframework.boot.http.converter.autoconfigure.ServerHttpMessageConvertersCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Request bodies with a field the operation does not take are a 400 naming it, not silently
 * ignored (a typo such as {@code "manger"} would otherwise drop the manager). Only HTTP bodies:
 * the application's own stored JSON stays tolerant of fields it does not know.
 */
@Configuration(proxyBeanMethods = false)
class StrictJsonBodies {

	@Bean
	ServerHttpMessageConvertersCustomizer strictJsonBodiesConverter(JsonMapper jsonMapper) {
		JacksonJsonHttpMessageConverter strict = new JacksonJsonHttpMessageConverter(
				jsonMapper.rebuild().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES));
		// replaces the JSON converter in place, keeping the order (String before JSON, so springdoc's documents stay as they are)
		return builder -> builder.configureMessageConvertersList(converters -> converters
			.replaceAll(converter -> converter instanceof JacksonJsonHttpMessageConverter ? strict : converter));
	}
}
