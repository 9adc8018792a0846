package hr.scim;

import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

import hr.Employee;
import hr.EmployeeService;
import platform.AppUser;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code /scim/v2/Users} (role HR, enforced by the platform's API security chain for /scim/**). */
@RestController
@RequestMapping("/scim/v2/Users")
class ScimUsersController {

	/** The filters HR systems match with: one attribute, {@code eq}, a quoted value. */
	private static final Pattern FILTER = Pattern.compile("\\s*([\\w.:]+)\\s+eq\\s+\"((?:[^\"\\\\]|\\\\.)*)\"\\s*",
			Pattern.CASE_INSENSITIVE);

	private final ScimUsers users;
	private final ScimUserWriter writer;
	private final ScimResponses responses;
	private final EmployeeService employees;
	private final JsonMapper json;

	ScimUsersController(ScimUsers users, ScimUserWriter writer, ScimResponses responses, EmployeeService employees,
			JsonMapper json) {
		this.users = users;
		this.writer = writer;
		this.responses = responses;
		this.employees = employees;
		this.json = json;
	}

	@PostMapping
	ResponseEntity<byte[]> create(@AuthenticationPrincipal AppUser user, @RequestBody(required = false) byte[] body) {
		return responses.answer(() -> user(201, users.create(user, responses.parse(body)), true));
	}

	@GetMapping("/{id}")
	ResponseEntity<byte[]> get(@AuthenticationPrincipal AppUser user, @PathVariable String id) {
		return responses.answer(() -> user(200, users.get(user, uuid(id)), false));
	}

	@PutMapping("/{id}")
	ResponseEntity<byte[]> replace(@AuthenticationPrincipal AppUser user, @PathVariable String id,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
			@RequestBody(required = false) byte[] body) {
		return responses.answer(() -> user(200, users.replace(user, uuid(id), responses.parse(body), ifMatch), false));
	}

	@PatchMapping("/{id}")
	ResponseEntity<byte[]> patch(@AuthenticationPrincipal AppUser user, @PathVariable String id,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
			@RequestBody(required = false) byte[] body) {
		return responses.answer(() -> user(200, users.patch(user, uuid(id), responses.parse(body), ifMatch), false));
	}

	/** HR records are never deleted by a push: a leaver is {@code active=false} or a lastDay. */
	@DeleteMapping("/{id}")
	ResponseEntity<byte[]> delete(@PathVariable String id) {
		return responses.error(new ScimException(405, null,
				"Users are not deleted; set active to false or the jmlhub lastDay to offboard."));
	}

	@GetMapping
	ResponseEntity<byte[]> list(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) String filter,
			@RequestParam(required = false) String startIndex, @RequestParam(required = false) String count) {
		return responses.answer(() -> {
			long start = Math.max(1, number(startIndex, 1, "startIndex"));
			int size = (int) Math.min(ScimSchemas.MAX_RESULTS, Math.max(0, number(count, ScimSchemas.MAX_RESULTS, "count")));
			List<Employee> page;
			long total;
			if (filter == null || filter.isBlank()) {
				EmployeeService.Slice slice = employees.slice(user.tenantId(), start - 1, size);
				page = slice.employees();
				total = slice.total();
			}
			else {
				List<Employee> matches = match(user, filter);
				total = matches.size();
				page = matches.stream().skip(start - 1).limit(size).toList();
			}
			ObjectNode body = json.createObjectNode();
			body.putArray("schemas").add(ScimSchemas.LIST_RESPONSE);
			body.put("totalResults", total);
			body.put("startIndex", start);
			body.put("itemsPerPage", page.size());
			ArrayNode resources = body.putArray("Resources");
			page.forEach(employee -> resources.add(writer.user(employee, location(employee))));
			return responses.ok(200, body, null, null);
		});
	}

	/** The employees {@code filter} selects: by userName (email), externalId or employeeNumber. */
	private List<Employee> match(AppUser user, String filter) {
		Matcher matcher = FILTER.matcher(filter);
		if (!matcher.matches()) {
			throw new ScimException(400, "invalidFilter",
					"Supported filters: userName, emails.value, externalId or employeeNumber eq \"value\".");
		}
		String attribute = matcher.group(1).toLowerCase(Locale.ROOT);
		String value = matcher.group(2).replaceAll("\\\\(.)", "$1");
		String enterprise = ScimSchemas.ENTERPRISE.toLowerCase(Locale.ROOT) + ":";
		if (attribute.startsWith(enterprise)) {
			attribute = attribute.substring(enterprise.length());
		}
		var found = switch (attribute) {
			case "username", "emails.value", "emails" -> employees.findByEmail(user.tenantId(), value);
			case "externalid", "employeenumber" -> employees.findByNumber(user.tenantId(), value);
			default -> throw new ScimException(400, "invalidFilter", "Filtering by " + matcher.group(1) + " is not supported.");
		};
		return found.stream().toList();
	}

	private ResponseEntity<byte[]> user(int status, Employee employee, boolean created) {
		String location = location(employee);
		return responses.ok(status, writer.user(employee, location), created ? location : null,
				ScimUserWriter.etag(employee.version()));
	}

	static String location(Employee employee) {
		return ServletUriComponentsBuilder.fromCurrentContextPath().path("/scim/v2/Users/{id}")
			.buildAndExpand(employee.id())
			.toUriString();
	}

	/** An id that is no UUID names no user: 404, as an unknown one. */
	static UUID uuid(String id) {
		try {
			return UUID.fromString(id);
		}
		catch (IllegalArgumentException e) {
			throw ScimException.notFound("No user " + id + ".");
		}
	}

	private static long number(String value, long fallback, String name) {
		if (value == null || value.isBlank()) {
			return fallback;
		}
		try {
			return Long.parseLong(value.strip());
		}
		catch (NumberFormatException e) {
			throw ScimException.invalidValue(name + " must be a number.");
		}
	}
}
