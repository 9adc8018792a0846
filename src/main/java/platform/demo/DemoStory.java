package platform.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Makes the embedded demo worth opening: once the application is ready, HR and the approvers of
 * the demo tenants play a short story through the public JSON API, as people would, so that a
 * newcomer finds employees and runs in every state: waiting on each approver, returned to HR,
 * rejected with its grants undone, completed, withdrawn, and blocked for lack of approvers
 * (globex has one security approver, its joiner needs two); the joiners IT approved have accounts
 * in the demo's directory ({@code provisioning.demo}), except Noah Becker, whose account that
 * directory refuses (one failed effect); Nils Berg, whose last day was yesterday, has left, his
 * account disabled there by his leaver run's revocation. It runs once per database (it
 * stops when acme already has employees) in a background thread, so startup is not delayed;
 * {@code DEMO_STORY=false} switches it off.
 */
@Component
@ConditionalOnBooleanProperty({ "jmlhub.demo", "jmlhub.demo-story" })
class DemoStory {

	private static final Logger log = LoggerFactory.getLogger(DemoStory.class);

	// generous: on a small machine the first minutes after startup are slow (JIT, pools)
	private static final Duration SETTLE = Duration.ofSeconds(120);

	/** Acme's joiners and how far each one gets. */
	enum Chapter {
		WAITS_ON_MANAGER, WAITS_ON_IT, WAITS_ON_SECURITY, WAITS_ON_SAM, COMPLETED, REJECTED_BY_IT, RETURNED, WITHDRAWN
	}

	private record Hire(String name, String department, Chapter chapter) {
	}

	/** Joined half a year ago, left yesterday: the completed leaver whose account the demo directory shows disabled. */
	static final String LEAVER = "Nils Berg";

	private static final List<Hire> ACME = List.of(
			new Hire("Lena Fischer", "Engineering", Chapter.WAITS_ON_MANAGER),
			new Hire("Omar Haddad", "Sales", Chapter.WAITS_ON_MANAGER),
			new Hire("Priya Nair", "Finance", Chapter.WAITS_ON_MANAGER),
			new Hire("Jonas Weber", "Engineering", Chapter.WAITS_ON_IT),
			new Hire("Chloe Martin", "Support", Chapter.WAITS_ON_IT),
			new Hire("Mateo Rossi", "Engineering", Chapter.WAITS_ON_IT),
			new Hire("Aiko Tanaka", "Security", Chapter.WAITS_ON_SECURITY),
			// the demo's directory refuses his account: the demo's one failed effect
			new Hire("Noah Becker", "Engineering", Chapter.WAITS_ON_SECURITY),
			new Hire("Sofia Costa", "Finance", Chapter.WAITS_ON_SAM),
			new Hire("Lucas Moreau", "Engineering", Chapter.COMPLETED),
			new Hire("Emma Novak", "Sales", Chapter.COMPLETED),
			new Hire("Felix Braun", "Support", Chapter.COMPLETED),
			new Hire("Grace Okafor", "Engineering", Chapter.REJECTED_BY_IT),
			new Hire("Hugo Lindqvist", "Sales", Chapter.RETURNED),
			new Hire("Isla Murphy", "Finance", Chapter.RETURNED),
			new Hire("Karim Saleh", "Engineering", Chapter.WITHDRAWN));

	private final JsonMapper json;
	private final Clock clock;
	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
	private String base;

	DemoStory(JsonMapper json, Clock clock) {
		this.json = json;
		this.clock = clock;
	}

	@EventListener
	void ready(ApplicationReadyEvent event) {
		if (!(event.getApplicationContext() instanceof WebServerApplicationContext web)) {
			return;
		}
		base = "http://localhost:" + web.getWebServer().getPort();
		Thread thread = new Thread(this::tell, "demo-story");
		thread.setDaemon(true);
		thread.start();
	}

	private void tell() {
		try {
			if (get("hana", "/v1/hr/employees?limit=1").path("items").size() > 0) {
				return;
			}
			log.info("Demo story: HR hires {} people in acme and the approvers get to work (about a minute)", ACME.size() + 3);
			LocalDate start = LocalDate.now(clock).plusWeeks(3);
			List<UUID> joiners = new ArrayList<>();
			for (Hire hire : ACME) {
				joiners.add(hire("hana", hire.name(), hire.department(), "manny", start));
			}
			for (int i = 0; i < ACME.size(); i++) {
				playOut(joiners.get(i), ACME.get(i).chapter());
			}
			moveAndOffboard(joiners, start);
			leaveAfterTheLastDay();
			// globex: gina (HR) hires, gus approves as manager and IT (never as the requester: separation of
			// duties), then security needs a second approver it does not have
			approve("gus", awaitRun("gus", hire("gina", "Bruno Alves", "Engineering", "gus", start)), "gus", "gus");
			hire("gina", "Dana Kim", "Operations", "gus", start);
			log.info("Demo story told: acme has runs waiting on manny, ivan, sara and sam, returned to hana, "
					+ "completed, rejected and withdrawn; {} has left, the demo directory's account disabled; globex's joiners "
					+ "are blocked (one security approver, two required); the demo's directory refuses Noah Becker's account "
					+ "(one failed effect)", LEAVER);
		}
		catch (RuntimeException e) {
			// a half-told story is still a usable demo; say what happened and stop
			log.warn("Demo story stopped early: {}", e.getMessage());
		}
	}

	private void playOut(UUID employee, Chapter chapter) {
		UUID run = awaitRun("hana", employee);
		switch (chapter) {
			case WAITS_ON_MANAGER -> {
			}
			case WAITS_ON_IT -> approve("hana", run, "manny");
			case WAITS_ON_SECURITY -> approve("hana", run, "manny", "ivan");
			case WAITS_ON_SAM -> approve("hana", run, "manny", "ivan", "sara");
			case COMPLETED -> approve("hana", run, "manny", "ivan", "sara", "sam");
			case REJECTED_BY_IT -> {
				approve("hana", run, "manny");
				act("hana", run, "ivan", "reject", "No cost centre was given for the laptop and the licences.");
			}
			case RETURNED -> act("hana", run, "manny", "return", "The start date clashes with the notice period; please check it with the candidate.");
			case WITHDRAWN -> act("hana", run, "hana", "withdraw", "The candidate accepted another offer.");
		}
	}

	/** A completed joiner moves to Sales, another one will leave after probation: a mover and a leaver wait on manny. */
	private void moveAndOffboard(List<UUID> joiners, LocalDate start) {
		List<UUID> completed = new ArrayList<>();
		for (int i = 0; i < ACME.size(); i++) {
			if (ACME.get(i).chapter() == Chapter.COMPLETED) {
				completed.add(joiners.get(i));
			}
		}
		await("the completed joiners", () -> completed.stream()
			.allMatch(id -> "completed".equals(get("hana", "/v1/workflow-runs?employeeId=" + id).path("items").path(0).path("status").asString())));
		JsonNode mover = get("hana", "/v1/hr/employees/" + completed.get(0));
		send("hana", "POST", "/v1/hr/employees/" + completed.get(0) + "/transfer", null,
				"{\"department\":\"Sales\",\"manager\":\"manny\",\"version\":" + mover.path("version").asInt() + "}");
		JsonNode leaver = get("hana", "/v1/hr/employees/" + completed.get(1));
		send("hana", "POST", "/v1/hr/employees/" + completed.get(1) + "/offboard", null,
				"{\"lastDay\":\"" + start.plusMonths(3) + "\",\"version\":" + leaver.path("version").asInt() + "}");
	}

	/**
	 * Someone who joined half a year ago and whose last day was yesterday: the joiner's account is
	 * made, the leaver run completes, its revocation disables the account in the demo directory at
	 * once (the last day is over) and only then is the employee {@code left}.
	 */
	private void leaveAfterTheLastDay() {
		LocalDate today = LocalDate.now(clock);
		UUID employee = hire("hana", LEAVER, "Support", "manny", today.minusMonths(6));
		UUID joiner = awaitRun("hana", employee);
		approve("hana", joiner, "manny", "ivan", "sara", "sam");
		await("the joiner run of " + LEAVER, () -> "completed".equals(get("hana", "/v1/workflow-runs/" + joiner)
			.path("status").asString()));
		JsonNode joined = get("hana", "/v1/hr/employees/" + employee);
		send("hana", "POST", "/v1/hr/employees/" + employee + "/offboard", null,
				"{\"lastDay\":\"" + today.minusDays(1) + "\",\"version\":" + joined.path("version").asInt() + "}");
		approve("hana", awaitRun("hana", employee), "manny", "ivan");
	}

	/** Hired with a start date before today when it is one (the API asks to say so). */
	private UUID hire(String hr, String name, String department, String manager, LocalDate start) {
		String email = name.toLowerCase().replace(' ', '.') + "@example.com";
		JsonNode employee = send(hr, "POST", "/v1/hr/employees", null, json.writeValueAsString(Map.of(
				"displayName", name, "email", email, "department", department, "manager", manager,
				"startDate", start.toString(), "allowBackdated", start.isBefore(LocalDate.now(clock)))));
		return UUID.fromString(employee.path("id").asString());
	}

	/** The employee's run once it is running, as the tenant's HR user {@code hr} sees it. */
	private UUID awaitRun(String hr, UUID employee) {
		JsonNode run = await("the run of " + employee, () -> get(hr, "/v1/workflow-runs?employeeId=" + employee)
			.path("items").path(0), item -> !item.isMissingNode() && "running".equals(item.path("status").asString()));
		return UUID.fromString(run.path("id").asString());
	}

	private void approve(String hr, UUID run, String... approvers) {
		for (String approver : approvers) {
			act(hr, run, approver, "approve", null);
		}
	}

	/**
	 * One action on the run's current stage once that stage is active and every earlier action
	 * settled, read as the tenant's HR user {@code hr}. A stage can still read active for a moment after its last approval settled, so a
	 * 409 (that stage awaits no decisions) reads again and retries.
	 */
	private void act(String hr, UUID run, String user, String action, String comment) {
		Instant deadline = clock.instant().plus(SETTLE);
		while (true) {
			JsonNode detail = await("run " + run + " ready for " + user, () -> get(hr, "/v1/workflow-runs/" + run),
					DemoStory::readyForDecision);
			StringBuilder body = new StringBuilder("{");
			if (!"withdraw".equals(action)) {
				body.append("\"stageId\":\"").append(detail.path("currentStageId").asString()).append('"');
			}
			if (comment != null) {
				body.append(body.length() > 1 ? "," : "").append("\"comment\":").append(json.writeValueAsString(comment));
			}
			try {
				send(user, "POST", "/v1/workflow-runs/" + run + "/" + action, UUID.randomUUID().toString(), body.append('}').toString());
				return;
			}
			catch (Refused refused) {
				if (refused.status != 409 || clock.instant().isAfter(deadline)) {
					throw refused;
				}
				pause();
			}
		}
	}

	/** The API said no. */
	private static final class Refused extends IllegalStateException {

		final int status;

		Refused(int status, String message) {
			super(message);
			this.status = status;
		}
	}

	private static boolean readyForDecision(JsonNode run) {
		String stageId = run.path("currentStageId").asString();
		boolean stageActive = false;
		for (JsonNode stage : run.path("stages")) {
			stageActive |= stage.path("id").asString().equals(stageId) && "active".equals(stage.path("status").asString());
		}
		for (JsonNode action : run.path("actions")) {
			if (action.path("outcome").isMissingNode() || action.path("outcome").isNull()) {
				return false;
			}
		}
		return stageActive;
	}

	private void await(String what, BooleanSupplier done) {
		await(what, () -> done.getAsBoolean() ? json.createObjectNode() : null, node -> node != null);
	}

	private JsonNode await(String what, Supplier<JsonNode> read, Predicate<JsonNode> done) {
		Instant deadline = clock.instant().plus(SETTLE);
		while (clock.instant().isBefore(deadline)) {
			JsonNode node = read.get();
			if (done.test(node)) {
				return node;
			}
			pause();
		}
		throw new IllegalStateException("gave up waiting for " + what + " after " + SETTLE.toSeconds() + " s");
	}

	private static void pause() {
		try {
			Thread.sleep(200);
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted");
		}
	}

	/** A read, tried again while the server is slow or briefly unavailable. */
	private JsonNode get(String user, String path) {
		Instant deadline = clock.instant().plus(SETTLE);
		while (true) {
			try {
				return send(user, "GET", path, null, null);
			}
			catch (Refused refused) {
				if (refused.status < 500 || clock.instant().isAfter(deadline)) {
					throw refused;
				}
			}
			catch (Unanswered unanswered) {
				if (clock.instant().isAfter(deadline)) {
					throw unanswered;
				}
			}
			pause();
		}
	}

	/** No answer (a timeout, a refused connection). */
	private static final class Unanswered extends IllegalStateException {

		Unanswered(String message) {
			super(message);
		}
	}

	private JsonNode send(String user, String method, String path, String idempotencyKey, String body) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
			.timeout(Duration.ofSeconds(30))
			.header("Authorization", "Basic " + Base64.getEncoder().encodeToString((user + ":demo").getBytes(StandardCharsets.UTF_8)))
			.header("Accept", "application/json")
			.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
		if (body != null) {
			request.header("Content-Type", "application/json");
		}
		if (idempotencyKey != null) {
			request.header("Idempotency-Key", idempotencyKey);
		}
		try {
			HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() >= 300) {
				throw new Refused(response.statusCode(), method + " " + path + " as " + user + " answered "
						+ response.statusCode() + ": " + response.body());
			}
			return response.body().isBlank() ? json.createObjectNode() : json.readTree(response.body());
		}
		catch (IOException e) {
			throw new Unanswered(method + " " + path + " failed: " + e.getMessage());
		}
		catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted during " + method + " " + path);
		}
	}
}
