package hr.scim;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tools.jackson.databind.JsonNode;

/**
 * Reads what a SCIM User resource or PatchOp says about the attributes we map: a map from attribute
 * to its value (a String, LocalDate or Boolean) or {@link #REMOVED}. Attribute names are
 * case-insensitive (RFC 7643 §2.1); standard User attributes we do not keep (emails, phoneNumbers,
 * ...) are ignored, anything else is refused, so a typo is never silently dropped.
 */
final class ScimUserReader {

	/** A value that empties the attribute (PATCH remove, or null). */
	static final Object REMOVED = new Object();

	private static final Set<String> IGNORED_CORE = Set.of("schemas", "id", "meta", "nickname", "profileurl", "usertype",
			"preferredlanguage", "locale", "timezone", "password", "emails", "phonenumbers", "ims", "photos", "groups",
			"entitlements", "roles", "x509certificates");

	private static final Pattern WORK_ADDRESS = Pattern.compile("addresses\\[\\s*type\\s+eq\\s+\"(\\w+)\"\\s*\\]",
			Pattern.CASE_INSENSITIVE);

	private enum Context {
		CORE, ENTERPRISE, JMLHUB
	}

	private final Map<ScimAttribute, Object> values = new LinkedHashMap<>();
	private final Function<String, ScimException> unknown;

	private ScimUserReader(Function<String, ScimException> unknown) {
		this.unknown = unknown;
	}

	/** The attributes a full User resource (POST, PUT) gives; absent ones are absent. */
	static Map<ScimAttribute, Object> resource(JsonNode body) {
		requireObject(body);
		requireSchema(body, ScimSchemas.USER);
		ScimUserReader reader = new ScimUserReader(name -> ScimException.invalidSyntax("Unknown attribute " + name + "."));
		reader.object(body, false);
		return reader.values;
	}

	/** The attributes the operations of a PatchOp add, replace or remove, in order. */
	static Map<ScimAttribute, Object> patch(JsonNode body) {
		requireObject(body);
		requireSchema(body, ScimSchemas.PATCH_OP);
		JsonNode operations = member(body, "Operations");
		if (operations == null || !operations.isArray() || operations.isEmpty()) {
			throw ScimException.invalidSyntax("Operations must be a non-empty array.");
		}
		ScimUserReader reader = new ScimUserReader(name -> ScimException.invalidPath("Unknown attribute path " + name + "."));
		for (JsonNode operation : operations) {
			requireObject(operation);
			String op = text(member(operation, "op"), "op");
			JsonNode path = member(operation, "path");
			JsonNode value = member(operation, "value");
			String where = path == null || path.isNull() ? null : text(path, "path");
			switch (op == null ? "" : op.toLowerCase(Locale.ROOT)) {
				case "add", "replace" -> {
					if (value == null) {
						throw ScimException.invalidValue("Operation " + op + " needs a value.");
					}
					if (where == null) {
						requireObject(value);
						reader.object(value, true);
					}
					else {
						reader.path(where, value, true);
					}
				}
				case "remove" -> {
					if (where == null) {
						throw new ScimException(400, "noTarget", "Operation remove needs a path.");
					}
					reader.path(where, null, true);
				}
				default -> throw ScimException.invalidValue("op must be add, replace or remove, not " + op + ".");
			}
		}
		return reader.values;
	}

	/** The members of a resource or of a path-less PATCH value; extension objects and URN-qualified names included. */
	private void object(JsonNode object, boolean patch) {
		for (Map.Entry<String, JsonNode> member : object.properties()) {
			String key = member.getKey();
			JsonNode value = member.getValue();
			if (value.isNull() && !patch) {
				continue;
			}
			path(key, value, patch);
		}
	}

	/** {@code path} as RFC 7644 §3.5.2 writes it (the filters we accept: the work address). */
	private void path(String path, JsonNode value, boolean patch) {
		String lower = path.toLowerCase(Locale.ROOT);
		for (String urn : new String[] { ScimSchemas.ENTERPRISE, ScimSchemas.JMLHUB }) {
			Context context = urn.equals(ScimSchemas.ENTERPRISE) ? Context.ENTERPRISE : Context.JMLHUB;
			String prefix = urn.toLowerCase(Locale.ROOT);
			if (lower.equals(prefix)) {
				if (value == null || value.isNull()) {
					throw ScimException.invalidPath("An extension as a whole cannot be removed; name its attributes.");
				}
				requireObject(value);
				for (Map.Entry<String, JsonNode> member : value.properties()) {
					if (!member.getValue().isNull() || patch) {
						attribute(context, member.getKey(), member.getValue());
					}
				}
				return;
			}
			if (lower.startsWith(prefix + ":")) {
				attribute(context, path.substring(prefix.length() + 1), value);
				return;
			}
		}
		if (lower.startsWith("urn:")) {
			throw unknown.apply(path);
		}
		attribute(Context.CORE, path, value);
	}

	/** One attribute of {@code context} (with an optional sub-attribute after a dot); null value: removed. */
	private void attribute(Context context, String path, JsonNode value) {
		String lower = path.toLowerCase(Locale.ROOT);
		Matcher address = WORK_ADDRESS.matcher(lower);
		if (context == Context.CORE && address.lookingAt()) {
			String sub = lower.substring(address.end());
			if (address.group(1).equals("work") && (sub.equals(".locality"))) {
				put(ScimAttribute.LOCATION, value, this::plain);
			}
			else if (sub.isEmpty() && address.group(1).equals("work")) {
				put(ScimAttribute.LOCATION, value == null || value.isNull() ? null : locality(value), this::plain);
			}
			return;
		}
		int bracket = lower.indexOf('[');
		if (bracket >= 0) {
			// a value filter on an attribute we do not keep, such as emails[type eq "work"].value
			if (context == Context.CORE && IGNORED_CORE.contains(lower.substring(0, bracket))) {
				return;
			}
			throw unknown.apply(path);
		}
		int dot = lower.indexOf('.');
		String head = dot < 0 ? lower : lower.substring(0, dot);
		String sub = dot < 0 ? null : lower.substring(dot + 1);
		switch (context) {
			case CORE -> core(path, head, sub, value);
			case ENTERPRISE -> enterprise(path, head, sub, value);
			case JMLHUB -> jmlhub(path, head, sub, value);
		}
	}

	private void core(String path, String head, String sub, JsonNode value) {
		switch (head) {
			case "username" -> only(path, sub, () -> put(ScimAttribute.USER_NAME, value, this::plain));
			case "externalid" -> only(path, sub, () -> number(value));
			case "displayname" -> only(path, sub, () -> put(ScimAttribute.DISPLAY_NAME, value, this::plain));
			case "title" -> only(path, sub, () -> put(ScimAttribute.TITLE, value, this::plain));
			case "active" -> only(path, sub, () -> put(ScimAttribute.ACTIVE, value, ScimUserReader::bool));
			case "name" -> name(sub, value);
			case "addresses" -> {
				if (sub != null) {
					throw unknown.apply(path);
				}
				put(ScimAttribute.LOCATION, value == null || value.isNull() ? null : locality(value), this::plain);
			}
			default -> {
				if (!IGNORED_CORE.contains(head)) {
					throw unknown.apply(path);
				}
			}
		}
	}

	/** {@code name.formatted} is the display name unless {@code displayName} says one. */
	private void name(String sub, JsonNode value) {
		if (sub == null) {
			if (value == null || value.isNull()) {
				put(ScimAttribute.DISPLAY_NAME, null, this::plain);
				return;
			}
			requireObject(value);
			JsonNode formatted = member(value, "formatted");
			String given = text(member(value, "givenName"), "name.givenName");
			String family = text(member(value, "familyName"), "name.familyName");
			String name = formatted != null && !formatted.isNull() ? text(formatted, "name.formatted")
					: given != null || family != null ? ((given == null ? "" : given) + " " + (family == null ? "" : family)).strip()
					: null;
			if (name != null && !values.containsKey(ScimAttribute.DISPLAY_NAME)) {
				values.put(ScimAttribute.DISPLAY_NAME, name);
			}
		}
		else if (sub.equals("formatted")) {
			put(ScimAttribute.DISPLAY_NAME, value, this::plain);
		}
	}

	private void enterprise(String path, String head, String sub, JsonNode value) {
		switch (head) {
			case "employeenumber" -> only(path, sub, () -> number(value));
			case "department" -> only(path, sub, () -> put(ScimAttribute.DEPARTMENT, value, this::plain));
			case "costcenter" -> only(path, sub, () -> put(ScimAttribute.COST_CENTRE, value, this::plain));
			case "manager" -> {
				if (sub != null && !sub.equals("value")) {
					// displayName and $ref are the server's to say
					return;
				}
				JsonNode reference = value != null && value.isObject() ? member(value, "value") : value;
				put(ScimAttribute.MANAGER, reference, this::plain);
			}
			case "organization", "division" -> {
			}
			default -> throw unknown.apply(path);
		}
	}

	private void jmlhub(String path, String head, String sub, JsonNode value) {
		switch (head) {
			case "startdate" -> only(path, sub, () -> put(ScimAttribute.START_DATE, value, ScimUserReader::date));
			case "lastday" -> only(path, sub, () -> put(ScimAttribute.LAST_DAY, value, ScimUserReader::date));
			case "status" -> {
				// read-only: HR's lifecycle says it
			}
			default -> throw unknown.apply(path);
		}
	}

	/** externalId and the enterprise employeeNumber are one attribute: they must agree. */
	private void number(JsonNode value) {
		Object before = values.get(ScimAttribute.EMPLOYEE_NUMBER);
		put(ScimAttribute.EMPLOYEE_NUMBER, value, this::plain);
		Object now = values.get(ScimAttribute.EMPLOYEE_NUMBER);
		if (before instanceof String earlier && now instanceof String later && !earlier.equals(later)) {
			throw ScimException.invalidValue("externalId and employeeNumber must be the same (" + earlier + ", " + later + ").");
		}
	}

	private void only(String path, String sub, Runnable assign) {
		if (sub != null) {
			throw unknown.apply(path);
		}
		assign.run();
	}

	private <T> void put(ScimAttribute attribute, Object value, Function<JsonNode, T> read) {
		if (value == null || value instanceof JsonNode node && node.isNull()) {
			values.put(attribute, REMOVED);
			return;
		}
		Object parsed = value instanceof JsonNode node ? read.apply(node) : value;
		values.put(attribute, parsed);
	}

	private String plain(JsonNode value) {
		if (!value.isValueNode()) {
			throw ScimException.invalidValue("Expected a single value, got " + value.getNodeType().name().toLowerCase(Locale.ROOT) + ".");
		}
		return value.asString();
	}

	/** The locality of the work address (else the primary, else the first) of an addresses array. */
	private String locality(JsonNode addresses) {
		if (addresses.isObject()) {
			return text(member(addresses, "locality"), "addresses.locality");
		}
		if (!addresses.isArray()) {
			throw ScimException.invalidValue("addresses must be an array.");
		}
		JsonNode chosen = null;
		for (JsonNode address : addresses) {
			requireObject(address);
			String type = text(member(address, "type"), "addresses.type");
			if ("work".equalsIgnoreCase(type)) {
				chosen = address;
				break;
			}
			JsonNode primary = member(address, "primary");
			if (chosen == null || primary != null && primary.asBoolean()) {
				chosen = address;
			}
		}
		return chosen == null ? null : text(member(chosen, "locality"), "addresses.locality");
	}

	private static Boolean bool(JsonNode value) {
		if (value.isBoolean()) {
			return value.booleanValue();
		}
		// some clients (Entra among them) send "True" / "False" in PATCH values
		if (value.isString() && ("true".equalsIgnoreCase(value.asString()) || "false".equalsIgnoreCase(value.asString()))) {
			return Boolean.parseBoolean(value.asString().toLowerCase(Locale.ROOT));
		}
		throw ScimException.invalidValue("active must be true or false.");
	}

	/** A date, or a dateTime (as Entra's employeeHireDate) whose date is taken. */
	private static LocalDate date(JsonNode value) {
		String text = value.isString() ? value.asString().strip() : "";
		try {
			return LocalDate.parse(text);
		}
		catch (DateTimeParseException e) {
			try {
				return OffsetDateTime.parse(text).toLocalDate();
			}
			catch (DateTimeParseException again) {
				throw ScimException.invalidValue("Expected a date such as 2027-01-31, got " + value + ".");
			}
		}
	}

	private static String text(JsonNode value, String name) {
		if (value == null || value.isNull()) {
			return null;
		}
		if (!value.isValueNode()) {
			throw ScimException.invalidValue(name + " must be a single value.");
		}
		return value.asString();
	}

	/** The member {@code name} of {@code object}, whatever its case (attribute names are case-insensitive). */
	static JsonNode member(JsonNode object, String name) {
		for (Map.Entry<String, JsonNode> member : object.properties()) {
			if (member.getKey().equalsIgnoreCase(name)) {
				return member.getValue();
			}
		}
		return null;
	}

	static void requireObject(JsonNode node) {
		if (node == null || !node.isObject()) {
			throw ScimException.invalidSyntax("Expected a JSON object.");
		}
	}

	private static void requireSchema(JsonNode body, String schema) {
		JsonNode schemas = member(body, "schemas");
		if (schemas == null || !schemas.isArray()) {
			throw ScimException.invalidSyntax("schemas must list " + schema + ".");
		}
		for (JsonNode named : schemas) {
			if (named.isString() && named.asString().equalsIgnoreCase(schema)) {
				return;
			}
		}
		throw ScimException.invalidSyntax("schemas must list " + schema + ".");
	}
}
