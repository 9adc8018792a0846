package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;

/**
 * The console's nav shows each user the links of their roles and no others (the modules contribute
 * them, filtered by the signed-in principal's roles), the admin pages in one menu; and each user
 * lands on the page of their work.
 */
@JmlHubIntegrationTest
class ConsoleNavigationTests {

	private static final Pattern NAV = Pattern.compile("<nav class=\"navbar.*?</nav>", Pattern.DOTALL);
	private static final Pattern LINK = Pattern.compile("href=\"(/[^\"]*)\"");
	/** The Admin menu's sections in order: workflow, delivery, people and access. */
	private static final List<String> ADMIN = List.of("/admin/attention", "/admin/insights", "/admin/definitions", "/admin/hr/triggers", "/admin/hr/source",
			"/admin/outbox", "/admin/outbox/dead-letters", "/admin/outbox/events", "/admin/provisioning", "/admin/mail", "/admin/webhooks",
			"/admin/directory", "/admin/users", "/admin/groups", "/admin/access-packages",
			"/admin/sso", "/admin/two-factor", "/admin/api-tokens", "/admin/audit");

	@LocalServerPort
	int port;

	@Test
	void eachUserSeesTheLinksOfTheirRoles() {
		assertThat(navLinks("hana")).containsExactly("/", "/work", "/runs", "/hr/employees", "/hr/imports", "/access", "/access/mine",
				"/me/notifications", "/account/two-factor");
		assertThat(navLinks("manny")).containsExactly("/", "/inbox", "/runs", "/access", "/me/delegation", "/access/mine",
				"/me/notifications", "/account/two-factor");
		assertThat(navLinks("ada")).containsExactlyElementsOf(
				concat(List.of("/", "/runs", "/access"), ADMIN, List.of("/admin/jobs", "/platform/tenants", "/access/mine",
						"/me/notifications", "/account/two-factor")));
		// no role: what every user may do, not the runs (403 for them)
		assertThat(navLinks("pia", "/access")).containsExactly("/", "/access", "/access/mine", "/me/notifications",
				"/account/two-factor");
		assertThat(navLinks("gus")).containsExactlyElementsOf(concat(List.of("/", "/inbox", "/work", "/runs", "/hr/employees",
				"/hr/imports", "/access"), ADMIN, List.of("/me/delegation", "/access/mine", "/me/notifications", "/account/two-factor")));
	}

	@Test
	void theAdminPagesAreInOneMenuAndThePageShownIsMarked() {
		String page = ConsoleSession.login(port, "ada").get("/admin/outbox/dead-letters").body();
		Matcher nav = NAV.matcher(page);
		assertThat(nav.find()).isTrue();
		Matcher menu = Pattern.compile("<details class=\"app-nav-admin\".*?</details>", Pattern.DOTALL).matcher(nav.group());
		assertThat(menu.find()).as("one Admin menu").isTrue();
		assertThat(LINK.matcher(menu.group()).results().map(link -> link.group(1)).toList())
			.containsExactlyElementsOf(concat(ADMIN, List.of("/admin/jobs", "/platform/tenants")));
		assertThat(menu.group()).contains("<summary class=\"nav-link active\">Admin</summary>", "Delivery", "People and access");
		// the longest matching path is the page shown: Dead letters, not Outbox
		assertThat(nav.group()).containsPattern("id=\"nav-dead-letters\" href=\"/admin/outbox/dead-letters\"[^>]*aria-current=\"page\"")
			.doesNotContainPattern("id=\"nav-outbox\"[^>]*aria-current");
	}

	@Test
	void eachUserLandsOnTheirWork() {
		assertThat(landing("manny")).isEqualTo("/inbox");
		assertThat(landing("hana")).isEqualTo("/work");
		assertThat(landing("ada")).isEqualTo("/admin/attention");
		// every role: the approver's inbox comes first
		assertThat(landing("gus")).isEqualTo("/inbox");
	}

	@Test
	void aUserWithoutARoleStaysOnAHomePageOfWhatTheyCanDo() {
		HttpResponse<String> home = ConsoleSession.login(port, "pia").get("/");
		assertThat(home.statusCode()).isEqualTo(200);
		Matcher main = Pattern.compile("<main.*?</main>", Pattern.DOTALL).matcher(home.body());
		assertThat(main.find()).isTrue();
		assertThat(LINK.matcher(main.group()).results().map(link -> link.group(1)).toList())
			.containsExactly("/access", "/access/mine", "/me/notifications", "/account/two-factor");
		assertThat(main.group()).contains("Pia Petersen", "Request access", "My access");
	}

	private String landing(String user) {
		HttpResponse<String> home = ConsoleSession.login(port, user).get("/");
		assertThat(home.statusCode()).as("%s's /", user).isEqualTo(302);
		return home.headers().firstValue("Location").orElseThrow().replaceFirst("^https?://[^/]+", "");
	}

	private List<String> navLinks(String user) {
		return navLinks(user, "/runs");
	}

	private List<String> navLinks(String user, String path) {
		String page = ConsoleSession.login(port, user).get(path).body();
		Matcher nav = NAV.matcher(page);
		assertThat(nav.find()).as("%s's page has the nav", user).isTrue();
		return LINK.matcher(nav.group()).results().map(link -> link.group(1)).toList();
	}

	@SafeVarargs
	private static List<String> concat(List<String>... parts) {
		return java.util.Arrays.stream(parts).flatMap(List::stream).toList();
	}
}
