package platform.admin.web;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The SSO page's words for the settings' field errors: the API names fields ({@code mappings[1].role}),
 * the page says which row of the mappings box and what to do there.
 */
final class SsoFormWords {

	private static final Pattern MAPPING = Pattern.compile("^mappings\\[(\\d+)]\\.(\\w+)$");

	private static final Map<String, String> LABELS = Map.of(
			"issuerUri", "Issuer URI", "clientId", "Client ID", "clientSecret", "Client secret",
			"emailClaim", "Email claim", "groupsClaim", "Groups claim");

	private SsoFormWords() {
	}

	static String say(String field, String message) {
		Matcher mapping = MAPPING.matcher(field);
		if (mapping.matches()) {
			String row = "Row " + (Integer.parseInt(mapping.group(1)) + 1) + " of the mappings: ";
			return row + switch (mapping.group(2)) {
				case "claimValue" -> "write the claim value before the “=”";
				case "role" -> message.startsWith("must be one of") ? "choose a role: HR, APPROVER or ADMIN"
						: "choose a role, a group or both after the “=”";
				default -> message;
			};
		}
		return LABELS.getOrDefault(field, "A setting") + " " + message;
	}
}
