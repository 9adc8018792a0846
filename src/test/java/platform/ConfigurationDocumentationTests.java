package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.YamlPropertiesFactoryBean;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.type.filter.AnnotationTypeFilter;

/**
 * {@code docs/configuration.md} cannot drift from the configuration: it lists exactly the
 * environment variables of {@code application.yml}, each with the default written there; every
 * property a {@code @ConfigurationProperties} record binds has its default in
 * {@code application.yml}; and a property the code reads with {@code @Value} but
 * {@code application.yml} does not set is documented with its default too.
 */
class ConfigurationDocumentationTests {

	private static final Path APPLICATION_YML = Path.of("src/main/resources/application.yml");

	private static final Path CONFIGURATION_DOC = Path.of("docs/configuration.md");

	private static final Path MAIN_SOURCES = Path.of("src/main/java");

	/** {@code ${NAME:default}} with an environment variable's name (upper case). */
	private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)(?::([^}]*))?}");

	/** {@code "${some.property:default}"} in Java source. */
	private static final Pattern PROPERTY_REFERENCE = Pattern.compile("\"\\$\\{([a-z][a-z0-9.\\-_]*)(?::([^}]*))?}\"");

	/** A table row: {@code | `NAME` | `default` or _(empty)_ | meaning |}. */
	private static final Pattern ROW = Pattern.compile("^\\|\\s*`([^`]+)`\\s*\\|\\s*((?:\\\\\\||[^|])*?)\\s*\\|", Pattern.MULTILINE);

	private static final String EMPTY = "_(empty)_";

	@Test
	void theConfigurationPageListsEveryVariableAndPropertyWithItsDefault() throws IOException {
		String yml = Files.readString(APPLICATION_YML);
		Map<String, String> configured = variables(yml);
		assertThat(configured).as("variables in application.yml").hasSizeGreaterThan(50);

		Set<String> ymlKeys = ymlKeys();
		configured.putAll(propertiesReadButNotSet(ymlKeys));

		assertThat(differences(configured, documented(Files.readString(CONFIGURATION_DOC)))).isEmpty();
	}

	@Test
	void everyBoundPropertyHasItsDefaultInApplicationYml() {
		assertThat(boundProperties()).as("@ConfigurationProperties found").hasSizeGreaterThan(30);
		Set<String> ymlKeys = ymlKeys();
		assertThat(boundProperties()).allSatisfy(property -> assertThat(ymlKeys)
			.as("%s is bound by a @ConfigurationProperties record but not set in application.yml", property)
			.anyMatch(key -> key.equals(property) || key.startsWith(property + "[")));
	}

	@Test
	void theCheckFailsOnAMissingAStaleOrAWrongEntry() {
		Map<String, String> configured = variables("""
				a:
				  url: ${DB_URL:}
				  size: ${POOL_SIZE:20}
				  port: ${NEW_PORT:8080}
				""");
		Map<String, String> documented = documented("""
				| environment variable | default | meaning |
				|---|---|---|
				| `DB_URL` | _(empty)_ | where |
				| `POOL_SIZE` | `10` | how many |
				| `OLD_PORT` | `8080` | gone |
				""");

		assertThat(differences(configured, documented)).containsExactly(
				"NEW_PORT (default 8080) is configured but not documented",
				"OLD_PORT is documented but not configured",
				"POOL_SIZE: default 20 configured, 10 documented");
	}

	static Map<String, String> variables(String yml) {
		Map<String, String> variables = new LinkedHashMap<>();
		Matcher variable = VARIABLE.matcher(yml);
		while (variable.find()) {
			variables.put(variable.group(1), variable.group(2) == null ? "" : variable.group(2));
		}
		return variables;
	}

	static Map<String, String> documented(String markdown) {
		Map<String, String> documented = new LinkedHashMap<>();
		Matcher row = ROW.matcher(markdown);
		while (row.find()) {
			String cell = row.group(2);
			documented.put(row.group(1), cell.equals(EMPTY) ? "" : cell.replaceAll("^`|`$", "").replace("\\|", "|"));
		}
		return documented;
	}

	/** What differs, one sorted line each. */
	static List<String> differences(Map<String, String> configured, Map<String, String> documented) {
		Map<String, String> problems = new TreeMap<>();
		configured.forEach((name, value) -> {
			if (!documented.containsKey(name)) {
				problems.put(name, name + " (default " + value + ") is configured but not documented");
			}
			else if (!documented.get(name).equals(value)) {
				problems.put(name, name + ": default " + value + " configured, " + documented.get(name) + " documented");
			}
		});
		documented.keySet().stream().filter(name -> !configured.containsKey(name))
			.forEach(name -> problems.put(name, name + " is documented but not configured"));
		return new ArrayList<>(problems.values());
	}

	private static Set<String> ymlKeys() {
		var factory = new YamlPropertiesFactoryBean();
		factory.setResources(new FileSystemResource(APPLICATION_YML));
		return new TreeSet<>(factory.getObject().stringPropertyNames());
	}

	/** Properties the code reads as {@code "${a.b:default}"} that application.yml does not set. */
	private static Map<String, String> propertiesReadButNotSet(Set<String> ymlKeys) throws IOException {
		Map<String, String> properties = new TreeMap<>();
		try (Stream<Path> files = Files.walk(MAIN_SOURCES)) {
			for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
				Matcher reference = PROPERTY_REFERENCE.matcher(Files.readString(file));
				while (reference.find()) {
					if (!ymlKeys.contains(reference.group(1))) {
						properties.put(reference.group(1), reference.group(2) == null ? "" : reference.group(2));
					}
				}
			}
		}
		return properties;
	}

	/** Every leaf property of the application's {@code @ConfigurationProperties} records. */
	private static Set<String> boundProperties() {
		var scanner = new ClassPathScanningCandidateComponentProvider(false);
		scanner.addIncludeFilter(new AnnotationTypeFilter(ConfigurationProperties.class));
		Set<String> properties = new TreeSet<>();
		for (String module : JmlHubApplication.class.getAnnotation(ConfigurationPropertiesScan.class).basePackages()) {
			for (BeanDefinition candidate : scanner.findCandidateComponents(module)) {
				Class<?> type = load(candidate.getBeanClassName());
				ConfigurationProperties annotation = type.getAnnotation(ConfigurationProperties.class);
				String prefix = annotation.prefix().isEmpty() ? annotation.value() : annotation.prefix();
				collect(prefix, type, properties);
			}
		}
		return properties;
	}

	private static void collect(String prefix, Class<?> type, Set<String> properties) {
		assertThat(type.isRecord()).as("%s is a record", type.getName()).isTrue();
		for (RecordComponent component : type.getRecordComponents()) {
			String key = prefix + "." + kebab(component.getName());
			if (component.getType().isRecord()) {
				collect(key, component.getType(), properties);
			}
			else {
				properties.add(key);
			}
		}
	}

	private static String kebab(String camel) {
		return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase();
	}

	private static Class<?> load(String name) {
		try {
			return Class.forName(name);
		}
		catch (ClassNotFoundException e) {
			throw new IllegalStateException(e);
		}
	}
}
