package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * SQL functions live in repeatable migrations: every function the numbered migrations leave
 * behind has its current definition in exactly one {@code R__} file, and no {@code R__} file
 * recreates a function a numbered migration dropped (Flyway runs {@code R__} files after every
 * {@code V} migration, so it would come back).
 */
class SqlFunctionMigrationTests {

	private static final Path MIGRATIONS = Path.of("src/main/resources/db/migration");

	private static final Pattern STATEMENT = Pattern.compile(
			"(?i)\\b(CREATE\\s+(?:OR\\s+REPLACE\\s+)?FUNCTION|DROP\\s+FUNCTION(?:\\s+IF\\s+EXISTS)?)\\s+(\\w+)");

	private static final Pattern VERSIONED = Pattern.compile("V(\\d+)__.*\\.sql");

	@Test
	void everyFunctionOfTheNumberedMigrationsIsDefinedInExactlyOneRepeatableMigration() throws IOException {
		Map<Integer, String> versioned = new TreeMap<>();
		Map<String, String> repeatable = new TreeMap<>();
		try (Stream<Path> files = Files.list(MIGRATIONS)) {
			for (Path file : files.sorted(Comparator.comparing(Path::toString)).toList()) {
				String name = file.getFileName().toString();
				Matcher version = VERSIONED.matcher(name);
				if (version.matches()) {
					versioned.put(Integer.parseInt(version.group(1)), Files.readString(file));
				}
				else if (name.startsWith("R__") && name.endsWith(".sql")) {
					repeatable.put(name, Files.readString(file));
				}
			}
		}
		assertThat(versioned).as("numbered migrations").isNotEmpty();
		assertThat(repeatable).as("repeatable migrations").isNotEmpty();

		assertThat(problems(List.copyOf(versioned.values()), repeatable)).isEmpty();
	}

	@Test
	void theCheckFailsOnAFunctionMissingFromTheRepeatableMigrations() {
		List<String> versioned = List.of(
				"CREATE FUNCTION a_old(p integer) RETURNS integer LANGUAGE sql AS $$ SELECT p $$;",
				"CREATE OR REPLACE FUNCTION a_old(p integer) RETURNS integer LANGUAGE sql AS $$ SELECT p + 1 $$;\n"
						+ "CREATE FUNCTION b_new() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;");
		Map<String, String> repeatable = Map.of("R__a.sql",
				"CREATE OR REPLACE FUNCTION a_old(p integer) RETURNS integer LANGUAGE sql AS $$ SELECT p + 1 $$;");

		assertThat(problems(versioned, repeatable)).containsExactly("b_new: in no R__ file");
	}

	@Test
	void theCheckFailsOnAFunctionDefinedTwiceOrRecreatedAfterItsDrop() {
		List<String> versioned = List.of(
				"CREATE FUNCTION kept() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;\n"
						+ "CREATE FUNCTION gone() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;",
				"DROP FUNCTION gone();");
		Map<String, String> repeatable = new TreeMap<>(Map.of(
				"R__one.sql", "CREATE OR REPLACE FUNCTION kept() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;",
				"R__two.sql", "CREATE OR REPLACE FUNCTION kept() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;\n"
						+ "CREATE OR REPLACE FUNCTION gone() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;"));

		assertThat(problems(versioned, repeatable)).containsExactlyInAnyOrder(
				"kept: in 2 R__ files [R__one.sql, R__two.sql]",
				"gone: dropped by a numbered migration but recreated by [R__two.sql]");
	}

	/**
	 * What breaks the rule, one line each: {@code versioned} in version order, {@code repeatable}
	 * by file name.
	 */
	static List<String> problems(List<String> versioned, Map<String, String> repeatable) {
		Set<String> live = new LinkedHashSet<>();
		Set<String> dropped = new TreeSet<>();
		for (String migration : versioned) {
			Matcher statement = STATEMENT.matcher(withoutComments(migration));
			while (statement.find()) {
				String function = statement.group(2).toLowerCase();
				if (statement.group(1).toUpperCase().startsWith("DROP")) {
					live.remove(function);
					dropped.add(function);
				}
				else {
					live.add(function);
					dropped.remove(function);
				}
			}
		}
		Map<String, List<String>> definedIn = new TreeMap<>();
		repeatable.forEach((file, text) -> {
			Matcher statement = STATEMENT.matcher(withoutComments(text));
			while (statement.find()) {
				if (!statement.group(1).toUpperCase().startsWith("DROP")) {
					definedIn.computeIfAbsent(statement.group(2).toLowerCase(), f -> new ArrayList<>()).add(file);
				}
			}
		});
		List<String> problems = new ArrayList<>();
		for (String function : live) {
			List<String> files = definedIn.getOrDefault(function, List.of());
			if (files.isEmpty()) {
				problems.add(function + ": in no R__ file");
			}
		}
		definedIn.forEach((function, files) -> {
			if (files.size() > 1) {
				problems.add(function + ": in " + files.size() + " R__ files " + files);
			}
			if (dropped.contains(function)) {
				problems.add(function + ": dropped by a numbered migration but recreated by " + files);
			}
		});
		return problems;
	}

	private static String withoutComments(String sql) {
		return sql.replaceAll("--[^\\n]*", "");
	}
}
