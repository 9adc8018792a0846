package platform.web;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Where the console's static files are served from, by exact prefixes instead of Spring Boot's
 * catch-all {@code /**}. With the resource chain on (webjars), every link a page renders is
 * offered to the resource handlers to be versioned; under {@code /**} that meant a class-path
 * lookup for each {@code /runs/...} link of every row, most of a list page's CPU
 * ({@code spring.web.resources.add-mappings} is off, so these are the only static handlers).
 */
@Configuration(proxyBeanMethods = false)
class StaticResources implements WebMvcConfigurer {

	@Override
	public void addResourceHandlers(ResourceHandlerRegistry registry) {
		registry.addResourceHandler("/webjars/**").addResourceLocations("classpath:/META-INF/resources/webjars/")
			.resourceChain(true);
		registry.addResourceHandler("/css/**").addResourceLocations("classpath:/static/css/").resourceChain(true);
		registry.addResourceHandler("/js/**").addResourceLocations("classpath:/static/js/").resourceChain(true);
		// sample files the pages link to (the HR import's CSV)
		registry.addResourceHandler("/samples/**").addResourceLocations("classpath:/static/samples/").resourceChain(true);
		registry.addResourceHandler("/favicon.ico", "/favicon.svg").addResourceLocations("classpath:/static/")
			.resourceChain(true);
	}
}
