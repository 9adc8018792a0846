package platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import platform.AppUser;
import platform.NavEntry;
import platform.NavEntry.Group;
import platform.Role;

/** How the contributed entries become one user's navigation: filtered by role, grouped, ordered, the page marked. */
class NavigationGroupingTests {

	static final List<NavEntry> ENTRIES = List.of(
			NavEntry.of(Group.ADMIN_DELIVERY, "nav-dead-letters", "Dead letters", "/admin/outbox/dead-letters", Role.ADMIN, 20),
			NavEntry.of(Group.ADMIN_DELIVERY, "nav-outbox", "Outbox", "/admin/outbox", Role.ADMIN, 10),
			NavEntry.forOperators(Group.ADMIN_PLATFORM, "nav-jobs", "Jobs", "/admin/jobs", 10),
			NavEntry.of(Group.ADMIN_WORKFLOW, "nav-attention", "Needs attention", "/admin/attention", Role.ADMIN, 10),
			NavEntry.forRoleHolders(Group.WORK, "nav-runs", "Runs", "/runs", 30),
			NavEntry.of(Group.WORK, "nav-inbox", "Inbox", "/inbox", Role.APPROVER, 10).withBadge("inboxCount"),
			NavEntry.forEveryone(Group.ACCOUNT, "my-two-factor", "Two-factor sign-in", "/account/two-factor", 20),
			NavEntry.forEveryone(Group.WORK, "nav-request-access", "Request access", "/access", 50));

	@Test
	void aUserSeesTheEntriesOfTheirRolesGroupedAndOrdered() {
		ConsoleNavigation approver = ConsoleNavigation.of(ENTRIES, user(false, Role.APPROVER), "/inbox");
		assertThat(ids(approver.work())).containsExactly("nav-inbox", "nav-runs", "nav-request-access");
		assertThat(approver.admin()).isEmpty();
		assertThat(ids(approver.account())).containsExactly("my-two-factor");
		assertThat(approver.work().get(0).current()).isTrue();

		ConsoleNavigation admin = ConsoleNavigation.of(ENTRIES, user(false, Role.ADMIN), "/runs/42");
		assertThat(ids(admin.work())).containsExactly("nav-runs", "nav-request-access");
		assertThat(admin.work().get(0).current()).as("a run's page is under Runs").isTrue();
		assertThat(admin.admin()).extracting(ConsoleNavigation.Section::heading).containsExactly("Workflow", "Delivery");
		assertThat(ids(admin.admin().get(1).links())).containsExactly("nav-outbox", "nav-dead-letters");
		assertThat(admin.adminCurrent()).isFalse();
	}

	@Test
	void aUserWithoutARoleSeesTheEntriesForEveryoneOnly() {
		ConsoleNavigation plain = ConsoleNavigation.of(ENTRIES, user(false), "/access");
		assertThat(ids(plain.work())).containsExactly("nav-request-access");
		assertThat(plain.work().get(0).current()).isTrue();
		assertThat(plain.admin()).isEmpty();
		assertThat(ids(plain.account())).containsExactly("my-two-factor");
		// any one role shows the entries of the role holders
		assertThat(ids(ConsoleNavigation.of(ENTRIES, user(false, Role.HR), "/").work())).containsExactly("nav-runs",
				"nav-request-access");
	}

	@Test
	void operatorsAloneSeeTheOperatorsEntries() {
		ConsoleNavigation operator = ConsoleNavigation.of(ENTRIES, user(true, Role.ADMIN), "/admin/jobs");
		assertThat(operator.admin()).extracting(ConsoleNavigation.Section::heading).containsExactly("Workflow", "Delivery", "Platform");
		assertThat(operator.adminCurrent()).isTrue();
		ConsoleNavigation operatorOnly = ConsoleNavigation.of(ENTRIES, user(true), "/");
		assertThat(operatorOnly.admin()).singleElement().extracting(ConsoleNavigation.Section::heading).isEqualTo("Platform");
	}

	@Test
	void theLongestMatchingPathIsThePageShown() {
		ConsoleNavigation admin = ConsoleNavigation.of(ENTRIES, user(false, Role.ADMIN), "/admin/outbox/dead-letters/7");
		List<ConsoleNavigation.Link> delivery = admin.admin().get(1).links();
		assertThat(delivery).extracting(ConsoleNavigation.Link::current).containsExactly(false, true);
		// a path that merely starts with an entry's letters is not under it
		assertThat(ConsoleNavigation.of(ENTRIES, user(false, Role.ADMIN), "/runsheet").work().get(0).current()).isFalse();
	}

	@Test
	void anEntryNamesItsBadgeAndRefusesNonsense() {
		assertThat(ENTRIES.get(5).badgeId()).isEqualTo("inbox-count");
		assertThat(NavEntry.forEveryone(Group.WORK, "x", "X", "/x", 1).badgeId()).isNull();
		assertThatThrownBy(() -> NavEntry.forEveryone(Group.WORK, "x", "X", "x", 1)).isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> new NavEntry(Group.WORK, "x", "X", "/x", Role.HR, true, 1, null))
			.isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> new NavEntry(Group.WORK, "x", "X", "/x", Role.HR, false, 1, null, true))
			.isInstanceOf(IllegalArgumentException.class);
	}

	private static List<String> ids(List<ConsoleNavigation.Link> links) {
		return links.stream().map(link -> link.entry().id()).toList();
	}

	private static AppUser user(boolean operator, Role... roles) {
		return new AppUser("u", "acme", "Acme", "U", Set.of(roles), Set.of(), true, null, operator);
	}
}
