package notifications.intake;

import java.util.Map;

import org.springframework.stereotype.Component;
import org.thymeleaf.context.Context;
import org.thymeleaf.spring6.SpringTemplateEngine;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

/**
 * Renders a mail from its template pair, {@code templates/mail/<name>.txt} and {@code .html},
 * each wrapped in the one layout of its mode ({@code layout.txt}, {@code layout.html}: the tenant's
 * name, the greeting, the footer). The HTML escapes every value; the text needs no escaping. An
 * engine of its own: the console's engine resolves pages, not mail.
 */
@Component
class MailTemplates {

	/** A rendered mail body in both forms. */
	record Rendered(String text, String html) {
	}

	private final SpringTemplateEngine engine = new SpringTemplateEngine();

	MailTemplates() {
		engine.addTemplateResolver(resolver(TemplateMode.TEXT, ".txt", 1));
		engine.addTemplateResolver(resolver(TemplateMode.HTML, ".html", 2));
		engine.setEnableSpringELCompiler(true);
	}

	private static ClassLoaderTemplateResolver resolver(TemplateMode mode, String suffix, int order) {
		ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver();
		resolver.setPrefix("templates/mail/");
		resolver.setResolvablePatterns(java.util.Set.of("*" + suffix));
		resolver.setTemplateMode(mode);
		resolver.setCharacterEncoding("UTF-8");
		resolver.setCheckExistence(true);
		resolver.setOrder(order);
		resolver.setCacheable(true);
		return resolver;
	}

	/** The template pair {@code name} with {@code variables}, each inside its layout. */
	Rendered render(String name, Map<String, Object> variables) {
		return new Rendered(render(name, ".txt", variables), render(name, ".html", variables));
	}

	private String render(String name, String suffix, Map<String, Object> variables) {
		Context context = new Context();
		context.setVariables(variables);
		context.setVariable("content", engine.process(name + suffix, context));
		return engine.process("layout" + suffix, context);
	}
}
