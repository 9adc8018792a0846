package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.temporal.testserver.TestServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * docs/operations.md's production set-up followed literally, from a fresh PostgreSQL (this test's
 * own, not the demo's) to a completed joiner: the SQL of step 1, the variables of step 3 and the
 * commands of steps 5 to 7 are read from the page and run as written; only the addresses (the
 * database host, the Temporal frontend, the password file, the HTTP port) are this test's. When
 * the page changes, this test runs the new text, so docs and test cannot drift apart.
 */
class ProductionWalkThroughTests {

	static final Path OPERATIONS = Path.of("docs/operations.md");
	static final String ADMIN_PASSWORD = "a long admin password";

	final JsonMapper json = JsonMapper.builder().build();
	final HttpClient http = HttpClient.newHttpClient();
	final Map<String, String> shell = new LinkedHashMap<>();
	Curl activeStage;

	@Test
	void theDocumentedStepsCompleteTheFirstJoiner() throws Exception {
		List<String> blocks = setUpBlocks();
		assertThat(blocks).as("step 1 (sql), 3 (variables), 5, 6, 7 (commands)").hasSize(5);
		Path data = Files.createTempDirectory("jmlhub-walkthrough-pg");
		int temporalPort = freePort();
		try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(true)
			.start(); TestServer.PortBoundTestServer temporal = TestServer.createPortBoundServer(temporalPort, true)) {
			// step 1: the roles and the database, as a superuser; then password authentication over TCP
			Files.writeString(data.resolve("pg_hba.conf"), """
					local all all trust
					host all postgres 127.0.0.1/32 trust
					host all postgres ::1/128 trust
					host all all 127.0.0.1/32 scram-sha-256
					host all all ::1/128 scram-sha-256
					""");
			try (Connection superuser = DriverManager
				.getConnection("jdbc:postgresql://localhost:" + postgres.getPort() + "/postgres", "postgres", "");
					Statement statement = superuser.createStatement()) {
				statement.execute("SELECT pg_reload_conf()");
				for (String sql : statements(blocks.get(0))) {
					statement.execute(sql);
				}
			}

			// step 3: the variables, with this test's addresses
			Map<String, String> env = exports(blocks.get(1));
			replaceIn(env, "SPRING_DATASOURCE_URL", "db:5432", "localhost:" + postgres.getPort());
			replaceIn(env, "TEMPORAL_TARGET", "temporal-frontend:7233", "127.0.0.1:" + temporalPort);
			Path passwordFile = Files.createTempFile(data.getParent(), "jmlhub-admin-password", "");
			Files.writeString(passwordFile, ADMIN_PASSWORD + "\n");
			String documentedPasswordFile = env.put("JMLHUB_BOOTSTRAP_ADMIN_PASSWORD_FILE", passwordFile.toString());
			assertThat(documentedPasswordFile).isNotBlank();
			List<String> args = new ArrayList<>();
			env.forEach((key, value) -> args.add("--" + key + "=" + value));

			// step 4: the start bootstraps the tenant and its admin
			try (ConfigurableApplicationContext app = new SpringApplicationBuilder(JmlHubApplication.class)
				.run(args.toArray(String[]::new))) {
				String hub = "http://localhost:" + app.getEnvironment().getRequiredProperty("local.server.port");
				shell.put("documented password file", documentedPasswordFile);
				shell.put("hub", hub);

				run(blocks.get(2)); // step 5: the approvers, as the bootstrap admin
				run(blocks.get(3)); // step 6: the hire, as the HR user
				run(blocks.get(4)); // step 7: each approver approves; the run completes
			}
		}
	}

	/** The fenced blocks of "Set up, step by step", up to the next paragraph after step 7. */
	static List<String> setUpBlocks() throws IOException {
		String page = Files.readString(OPERATIONS);
		int from = page.indexOf("## Set up, step by step");
		int to = page.indexOf("**Secrets.**", from);
		assertThat(from).isNotNegative();
		Matcher fence = Pattern.compile("```(\\w+)\\n(.*?)```", Pattern.DOTALL).matcher(page.substring(from, to));
		List<String> blocks = new ArrayList<>();
		while (fence.find()) {
			blocks.add(fence.group(2));
		}
		return blocks;
	}

	static List<String> statements(String sql) {
		String code = sql.lines().filter(line -> !line.strip().startsWith("--")).reduce("", (a, b) -> a + "\n" + b);
		return List.of(code.split(";")).stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
	}

	static Map<String, String> exports(String bash) {
		Map<String, String> env = new LinkedHashMap<>();
		for (String line : bash.lines().toList()) {
			Matcher export = Pattern.compile("^export (\\w+)=(\"[^\"]*\"|\\S*)").matcher(line);
			if (export.find()) {
				env.put(export.group(1), export.group(2).replaceAll("^\"|\"$", ""));
			}
		}
		return env;
	}

	static void replaceIn(Map<String, String> env, String key, String documented, String actual) {
		assertThat(env.get(key)).as(key).contains(documented);
		env.put(key, env.get(key).replace(documented, actual));
	}

	/** Runs a block's lines: assignments and curl commands (a trailing backslash continues a line). */
	private void run(String block) throws Exception {
		for (String line : block.replace("\\\n", " ").lines().map(String::strip).filter(l -> !l.isEmpty()).toList()) {
			if (line.startsWith("HUB=")) {
				assertThat(line).isEqualTo("HUB=http://localhost:8080");
				shell.put("HUB", shell.get("hub"));
			}
			else if (line.startsWith("ADMIN_PASSWORD=")) {
				assertThat(line).as("the password of step 3's file")
					.isEqualTo("ADMIN_PASSWORD=\"$(cat " + shell.get("documented password file") + ")\"");
				shell.put("ADMIN_PASSWORD", ADMIN_PASSWORD);
			}
			else if (line.startsWith("RUN=")) {
				// RUN="$(curl ... | jq -r '.items[0].id')": the run of the hire, once it is listed
				Curl list = Curl.parse(substring(line, "$(", " |"), shell);
				AtomicReference<String> run = new AtomicReference<>();
				await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
					JsonNode items = json.readTree(send(list).body()).get("items");
					assertThat(items.size()).isPositive();
					run.set(items.get(0).get("id").asString());
				});
				shell.put("RUN", run.get());
			}
			else if (line.startsWith("STAGE=")) {
				// STAGE="$(curl ... | jq -r '.stages[] | select(.status == "active") | .id')": read before each approve
				assertThat(line).contains("| jq -r '.stages[] | select(.status == \"active\") | .id'");
				activeStage = Curl.parse(substring(line, "$(", " |"), shell);
			}
			else if (line.startsWith("curl ") && line.contains("| jq -r .status")) {
				Curl status = Curl.parse(line.substring(0, line.indexOf('|')), shell);
				String expected = line.substring(line.indexOf('#') + 1).strip();
				await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
					JsonNode run = json.readTree(send(status).body());
					assertThat(run.get("status").asString()).as(run.toString()).isEqualTo(expected);
				});
			}
			else if (line.startsWith("curl ")) {
				if (line.contains("/approve")) {
					// as a person would: read the active stage (the STAGE line before) until it is the
					// one waiting for this approver (the previous approval moves the run within seconds)
					await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
						shell.put("STAGE", activeStageId());
						HttpResponse<String> answer = send(Curl.parse(line, shell));
						assertThat(answer.statusCode()).as(line + "\n" + answer.body()).isEqualTo(202);
					});
					continue;
				}
				Curl curl = Curl.parse(line, shell);
				HttpResponse<String> answer = send(curl);
				assertThat(answer.statusCode()).as(line + "\n" + answer.body()).isBetween(200, 204);
				if (curl.url().endsWith("/v1/hr/employees")) {
					shell.put("EMPLOYEE", json.readTree(answer.body()).get("id").asString());
				}
			}
			else {
				throw new AssertionError("a line this test does not know how to follow: " + line);
			}
		}
	}

	private String activeStageId() throws IOException, InterruptedException {
		assertThat(activeStage).as("a STAGE line before the approve").isNotNull();
		for (JsonNode stage : json.readTree(send(activeStage).body()).get("stages")) {
			if (stage.get("status").asString().equals("active")) {
				return stage.get("id").asString();
			}
		}
		throw new AssertionError("no active stage yet");
	}

	private HttpResponse<String> send(Curl curl) throws IOException, InterruptedException {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(curl.url()))
			.method(curl.method(), curl.body() == null ? HttpRequest.BodyPublishers.noBody()
					: HttpRequest.BodyPublishers.ofString(curl.body()))
			.header("Authorization", "Basic " + Base64.getEncoder()
				.encodeToString(curl.user().getBytes(StandardCharsets.UTF_8)));
		curl.headers().forEach(request::header);
		return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static String substring(String line, String after, String before) {
		int from = line.indexOf(after) + after.length();
		return line.substring(from, line.indexOf(before, from));
	}

	/** The parts of a curl command this page uses: -s, -u, -X, -H, -d and the URL. */
	record Curl(String method, String url, String user, Map<String, String> headers, String body) {

		static Curl parse(String command, Map<String, String> shell) {
			List<String> words = words(command, shell);
			assertThat(words.get(0)).isEqualTo("curl");
			String method = "GET";
			String url = null;
			String user = null;
			String body = null;
			Map<String, String> headers = new LinkedHashMap<>();
			for (int i = 1; i < words.size(); i++) {
				switch (words.get(i)) {
					case "-s" -> {
					}
					case "-u" -> user = words.get(++i);
					case "-X" -> method = words.get(++i);
					case "-H" -> {
						String[] header = words.get(++i).split(":\\s*", 2);
						headers.put(header[0], header[1]);
					}
					case "-d" -> body = words.get(++i);
					default -> {
						assertThat(words.get(i)).as("the URL of " + command).startsWith("http");
						url = words.get(i);
					}
				}
			}
			if (body != null && method.equals("GET")) {
				method = "POST";
			}
			return new Curl(method, url, user, headers, body);
		}

		/** Shell words: single quotes literal, double quotes and bare words with $VARIABLES. */
		static List<String> words(String command, Map<String, String> shell) {
			List<String> words = new ArrayList<>();
			StringBuilder word = null;
			for (int i = 0; i < command.length(); i++) {
				char c = command.charAt(i);
				if (Character.isWhitespace(c)) {
					if (word != null) {
						words.add(word.toString());
						word = null;
					}
					continue;
				}
				word = word == null ? new StringBuilder() : word;
				if (c == '\'') {
					int end = command.indexOf('\'', i + 1);
					word.append(command, i + 1, end);
					i = end;
				}
				else if (c == '"') {
					int end = i + 1;
					while (command.charAt(end) != '"' || command.charAt(end - 1) == '\\') {
						end++;
					}
					word.append(expand(command.substring(i + 1, end), shell).replace("\\\"", "\""));
					i = end;
				}
				else if (c == '$') {
					Matcher name = Pattern.compile("\\w+").matcher(command);
					assertThat(name.find(i + 1)).isTrue();
					word.append(variable(name.group(), shell));
					i = name.end() - 1;
				}
				else {
					word.append(c);
				}
			}
			if (word != null) {
				words.add(word.toString());
			}
			return words;
		}

		static String expand(String text, Map<String, String> shell) {
			return Pattern.compile("\\$(\\w+)").matcher(text).replaceAll(match ->
				Matcher.quoteReplacement(variable(match.group(1), shell)));
		}

		static String variable(String name, Map<String, String> shell) {
			String value = shell.get(name);
			assertThat(value).as("$" + name + " is set by an earlier step").isNotNull();
			return value;
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}
}
