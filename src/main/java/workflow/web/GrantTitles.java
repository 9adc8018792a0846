package workflow.web;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;

/**
 * What a grant is called on the console ({@code ${@grantTitles.of(key)}}): the definitions name
 * grants by key ({@code department_access}), people read a title. The shipped grants have their
 * own; a grant an admin added reads as its key in words ("vpn_access" → "Vpn access").
 */
@Component("grantTitles")
public class GrantTitles {

	private static final Map<String, String> TITLES = Map.of(
			"accounts", "User accounts",
			"department_access", "Department access",
			"access_revocation", "Access revocation");

	public String of(String key) {
		if (key == null || key.isBlank()) {
			return "";
		}
		String title = TITLES.get(key);
		if (title != null) {
			return title;
		}
		String words = key.replace('_', ' ').replace('-', ' ').strip();
		return words.substring(0, 1).toUpperCase(Locale.ROOT) + words.substring(1);
	}

	public String list(List<String> keys) {
		return keys.stream().map(this::of).collect(Collectors.joining(", "));
	}
}
