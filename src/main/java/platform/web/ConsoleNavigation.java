package platform.web;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import platform.AppUser;
import platform.NavEntry;
import platform.NavEntry.Group;

/**
 * The navigation one user sees on one page: the work links of the bar, the sections of the Admin
 * menu, the account links; each link marked when it is the page being shown.
 */
record ConsoleNavigation(List<Link> work, List<Section> admin, List<Link> account) {

	/** One visible entry; {@code current} when it is the page shown (the longest matching path wins). */
	record Link(NavEntry entry, boolean current) {
	}

	/** One section of the Admin menu. */
	record Section(String heading, List<Link> links) {
	}

	/** Whether the page shown is one of the Admin menu's (the menu's button is marked then). */
	public boolean adminCurrent() {
		return admin.stream().flatMap(section -> section.links().stream()).anyMatch(Link::current);
	}

	static ConsoleNavigation of(List<NavEntry> entries, AppUser user, String path) {
		List<NavEntry> visible = entries.stream()
			.filter(entry -> entry.visibleTo(user))
			.sorted(Comparator.comparing(NavEntry::group).thenComparingInt(NavEntry::order))
			.toList();
		NavEntry current = visible.stream()
			.filter(entry -> path.equals(entry.path()) || path.startsWith(entry.path() + "/"))
			.max(Comparator.comparingInt(entry -> entry.path().length()))
			.orElse(null);
		List<Link> work = new ArrayList<>();
		List<Link> account = new ArrayList<>();
		Map<Group, List<Link>> admin = new TreeMap<>();
		for (NavEntry entry : visible) {
			Link link = new Link(entry, entry == current);
			if (entry.group().admin()) {
				admin.computeIfAbsent(entry.group(), group -> new ArrayList<>()).add(link);
			}
			else if (entry.group() == Group.ACCOUNT) {
				account.add(link);
			}
			else {
				work.add(link);
			}
		}
		List<Section> sections = admin.entrySet().stream()
			.map(section -> new Section(section.getKey().heading(), List.copyOf(section.getValue())))
			.toList();
		return new ConsoleNavigation(List.copyOf(work), sections, List.copyOf(account));
	}
}
