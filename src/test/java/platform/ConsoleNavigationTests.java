package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;

/**
 * The console's nav shows each user the links of their roles and no others (the layout reads the
 * roles from the signed-in principal).
 */
@JmlHubIntegrationTest
class ConsoleNavigationTests {

	private static final Pattern NAV = Pattern.compile("<nav class=\"navbar.*?</nav>", Pattern.DOTALL);
	private static final Pattern LINK = Pattern.compile("href=\"(/[^\"]*)\"");
	private static final List<String> ADMIN = List.of("/admin/outbox", "/admin/outbox/dead-letters", "/admin/attention",
			"/admin/insights", "/admin/outbox/events", "/admin/api-tokens", "/admin/users", "/admin/groups",
			"/admin/definitions", "/admin/sso", "/admin/audit", "/admin/two-factor");

	@LocalServerPort
	int port;

	@Test
	void eachUserSeesTheLinksOfTheirRoles() {
		assertThat(navLinks("hana")).containsExactly("/", "/work", "/runs", "/hr/employees", "/account/two-factor");
		assertThat(navLinks("manny")).containsExactly("/", "/inbox", "/runs", "/me/delegation", "/account/two-factor");
		assertThat(navLinks("ada")).containsExactlyElementsOf(
				concat(List.of("/", "/runs"), ADMIN, List.of("/admin/jobs", "/platform/tenants", "/account/two-factor")));
		assertThat(navLinks("gus")).containsExactlyElementsOf(concat(List.of("/", "/inbox", "/work", "/runs", "/hr/employees"),
				ADMIN, List.of("/me/delegation", "/account/two-factor")));
	}

	private List<String> navLinks(String user) {
		String page = ConsoleSession.login(port, user).get("/runs").body();
		Matcher nav = NAV.matcher(page);
		assertThat(nav.find()).as("%s's page has the nav", user).isTrue();
		return LINK.matcher(nav.group()).results().map(link -> link.group(1)).toList();
	}

	@SafeVarargs
	private static List<String> concat(List<String>... parts) {
		return java.util.Arrays.stream(parts).flatMap(List::stream).toList();
	}
}
