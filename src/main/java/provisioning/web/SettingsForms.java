package provisioning.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import provisioning.settings.Entitlement;

/**
 * The entitlement form's text areas, one entry a line: attributes as {@code name = template},
 * groups as one DN a line, department groups as {@code Department = group DN} (a department may
 * have several lines). A line without {@code =} is the form's own error, said per field; the
 * values then go to the same validation the API uses.
 */
final class SettingsForms {

	private SettingsForms() {
	}

	/** The lines of {@code text} as pairs split at the first {@code =}; a line without one adds an error for {@code field}. */
	static Map<String, List<String>> pairs(String text, String field, String example, Map<String, String> errors) {
		Map<String, List<String>> pairs = new LinkedHashMap<>();
		List<String> lines = lines(text);
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i);
			int equals = line.indexOf('=');
			if (equals <= 0) {
				errors.putIfAbsent(field, "line " + (i + 1) + " must read " + example);
				continue;
			}
			pairs.computeIfAbsent(line.substring(0, equals).strip(), key -> new ArrayList<>())
				.add(line.substring(equals + 1).strip());
		}
		return pairs;
	}

	/** The non-blank lines of {@code text}, stripped. */
	static List<String> lines(String text) {
		if (text == null) {
			return List.of();
		}
		return text.lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
	}

	static String attributesText(Entitlement entitlement) {
		return String.join("\n", entitlement.attributes().entrySet().stream()
			.sorted(Map.Entry.comparingByKey())
			.map(entry -> entry.getKey() + " = " + entry.getValue())
			.toList());
	}

	static String departmentGroupsText(Entitlement entitlement) {
		List<String> lines = new ArrayList<>();
		entitlement.departmentGroups().entrySet().stream().sorted(Map.Entry.comparingByKey())
			.forEach(entry -> entry.getValue().forEach(dn -> lines.add(entry.getKey() + " = " + dn)));
		return String.join("\n", lines);
	}

	/** A whole number of days, or null when blank; anything else adds an error for {@code field}. */
	static Integer days(String text, String field, Map<String, String> errors) {
		if (text == null || text.isBlank()) {
			return null;
		}
		try {
			return Integer.valueOf(text.strip());
		}
		catch (NumberFormatException notANumber) {
			errors.putIfAbsent(field, "must be a whole number of days, such as 30");
			return null;
		}
	}

	static String blankToNull(String text) {
		return text == null || text.isBlank() ? null : text.strip();
	}
}
