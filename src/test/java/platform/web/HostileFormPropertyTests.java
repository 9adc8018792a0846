package platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.RecordComponent;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.HostileInputApp;

/**
 * Property: whatever hostile value reaches whichever field of whichever console form (every POST
 * of a page controller, found from the request mappings, with its CSRF token and a user whose
 * role the form needs, on real employees, runs and users), the console answers a 4xx, an inline
 * error or a redirect, never a 5xx nor a stack trace. Seeded, so a failure reproduces. The
 * application and its database are the hostile-input tests' own ({@link HostileInputApp}), so what
 * the forms change touches no other test.
 */
@ExtendWith(HostileInputApp.Resolver.class)
class HostileFormPropertyTests {

	static ConfigurableApplicationContext app;
	static int port;

	/** A database of the hostile-input tests' own: the forms really change users, groups and definitions. */
	@BeforeAll
	static void start(HostileInputApp hostile) {
		app = hostile.context();
		port = hostile.port();
	}

	static final List<String> EDGES = List.of("\u0000", "a\u0000b", "\ud800", "\uffff", "\u202e\u0645", "🙂", "abc", "-1",
			"0", "1e309", "NaN", "null", "2030-02-30", "9999999999999999999999", "", " ", "'; DROP TABLE x --",
			"<script>alert(1)</script>", "x".repeat(5_000), "a".repeat(3_000) + "@acme.example");

	record Form(String path, List<String> fields) {
	}

	@Test
	void noConsoleFormAnswersA5xx() {
		Map<String, String> ids = realIds();
		List<Form> forms = forms(ids);
		assertThat(forms).extracting(Form::path).contains("/hr/employees/" + ids.get("id") + "/edit",
				"/hr/employees/" + ids.get("id") + "/runs", "/admin/users/sam");
		Map<String, ConsoleSession> sessions = new LinkedHashMap<>();
		Random random = new Random(34);
		List<String> failures = new ArrayList<>();
		for (int i = 0; i < 300; i++) {
			Form form = forms.get(random.nextInt(forms.size()));
			Map<String, String> values = new LinkedHashMap<>();
			for (String field : form.fields()) {
				// most fields plausible, one (or a missing one) hostile
				values.put(field, random.nextInt(3) == 0 ? hostile(random) : plausible(field));
			}
			if (!form.fields().isEmpty()) {
				String field = form.fields().get(random.nextInt(form.fields().size()));
				if (random.nextInt(4) == 0) {
					values.remove(field);
				}
				else {
					values.put(field, hostile(random));
				}
			}
			String user = caller(form.path());
			ConsoleSession session = sessions.computeIfAbsent(user, name -> ConsoleSession.login(port, name));
			session.get("/");
			HttpResponse<String> response = session.post(form.path(), values);
			if (response.statusCode() >= 500 || response.body().contains("Exception")) {
				failures.add(user + " POST " + form.path() + " " + printable(values) + " -> " + response.statusCode());
			}
		}
		assertThat(failures).isEmpty();
	}

	/** The page controllers' POST forms, their paths filled with real ids, and their fields. */
	List<Form> forms(Map<String, String> ids) {
		List<Form> forms = new ArrayList<>();
		app.getBean("requestMappingHandlerMapping", RequestMappingHandlerMapping.class).getHandlerMethods().forEach((info, method) -> {
			Class<?> type = method.getBeanType();
			if (!AnnotatedElementUtils.hasAnnotation(type, Controller.class)
					|| AnnotatedElementUtils.hasAnnotation(type, RestController.class)
					|| !info.getMethodsCondition().getMethods().contains(RequestMethod.POST)) {
				return;
			}
			for (String pattern : info.getPatternValues()) {
				if (pattern.startsWith("/login") || pattern.startsWith("/logout") || pattern.contains("/sso")) {
					continue;
				}
				String path = pattern;
				for (Map.Entry<String, String> id : ids.entrySet()) {
					path = path.replace("{" + id.getKey() + "}", id.getValue());
				}
				forms.add(new Form(path.replaceAll("\\{[^}]+\\}", "x"), fields(method)));
			}
		});
		return forms;
	}

	static List<String> fields(HandlerMethod method) {
		List<String> fields = new ArrayList<>();
		for (MethodParameter parameter : method.getMethodParameters()) {
			RequestParam param = parameter.getParameterAnnotation(RequestParam.class);
			Class<?> type = parameter.getParameterType();
			if (param != null) {
				String name = !param.name().isEmpty() ? param.name() : !param.value().isEmpty() ? param.value()
						: parameter.getParameterName();
				if (name != null && !Map.class.isAssignableFrom(type)) {
					fields.add(name);
				}
			}
			else if (type.isRecord() && !type.getPackageName().startsWith("org.springframework")) {
				for (RecordComponent component : type.getRecordComponents()) {
					fields.add(component.getName());
				}
			}
		}
		return fields;
	}

	/** A real employee, run, user, group, definition and job, so that forms get past "not found". */
	Map<String, String> realIds() {
		ApiClient api = new ApiClient(port);
		String email = "hostile-" + UUID.randomUUID() + "@acme.example";
		var hired = api.post("hana", "/v1/hr/employees", "{\"displayName\":\"Hostile Form\",\"email\":\"" + email
				+ "\",\"department\":\"IT\",\"manager\":\"manny\",\"startDate\":\"" + LocalDate.now().plusDays(30) + "\"}");
		assertThat(hired.statusCode()).as(hired.body()).isEqualTo(201);
		String employee = ApiClient.field(hired.body(), "id");
		String runs = api.get("hana", "/v1/workflow-runs?limit=1").body();
		String run = runs.replaceAll("(?s).*?\"id\":\"([0-9a-f-]{36})\".*", "$1");
		Map<String, String> ids = new LinkedHashMap<>();
		ids.put("id", employee);
		ids.put("runId", run);
		ids.put("username", "sam");
		ids.put("name", "security");
		ids.put("group", "security");
		ids.put("key", "joiner");
		ids.put("job", "workflow_reconcile");
		return ids;
	}

	static String plausible(String field) {
		return switch (field) {
			case "version" -> "0";
			case "startDate", "lastDay", "from", "until", "expiresAt" -> LocalDate.now().plusDays(10).toString();
			case "email" -> "form-" + UUID.randomUUID() + "@acme.example";
			case "definition", "key" -> "joiner";
			case "roles" -> "APPROVER";
			case "manager", "delegate", "username", "member", "assignee" -> "manny";
			case "requiredApprovals", "quorum" -> "1";
			default -> "Hostile " + field;
		};
	}

	static String hostile(Random random) {
		if (random.nextBoolean()) {
			return EDGES.get(random.nextInt(EDGES.size()));
		}
		StringBuilder any = new StringBuilder();
		for (int n = random.nextInt(30); n > 0; n--) {
			any.appendCodePoint(random.nextInt(0x110000));
		}
		return any.toString();
	}

	static String caller(String path) {
		if (path.startsWith("/admin")) {
			return "ada";
		}
		return path.startsWith("/hr") ? "hana" : "manny";
	}

	static String printable(Map<String, String> values) {
		StringBuilder out = new StringBuilder();
		values.forEach((key, value) -> {
			String shown = value.length() > 40 ? value.substring(0, 40) + "…(" + value.length() + ")" : value;
			out.append(key).append('=');
			shown.chars().forEach(c -> out.append(c < 0x20 || Character.isSurrogate((char) c)
					? String.format("\\u%04x", c) : String.valueOf((char) c)));
			out.append(' ');
		});
		return out.toString();
	}
}
