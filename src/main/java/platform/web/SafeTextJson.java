package platform.web;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.jdk.StringDeserializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * Applies {@link SafeText} to every JSON string the web layer reads: a refused value fails the
 * body with its path, so the API answers a 400 naming the field (see {@code ApiExceptionHandler}).
 */
@Configuration(proxyBeanMethods = false)
class SafeTextJson {

	@Bean
	JsonMapperBuilderCustomizer safeTextStrings() {
		return builder -> builder.addModule(new SimpleModule("safe-text").addDeserializer(String.class, new Strings()));
	}

	static final class Strings extends StringDeserializer {

		@Override
		public String deserialize(JsonParser parser, DeserializationContext context) {
			String value = super.deserialize(parser, context);
			if (parser.currentToken() == JsonToken.VALUE_STRING && SafeText.problem(value).isPresent()) {
				return (String) context.handleWeirdStringValue(String.class, value, SafeText.NOT_ALLOWED);
			}
			return value;
		}
	}
}
