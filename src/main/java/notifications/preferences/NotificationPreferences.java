package notifications.preferences;

import java.time.Clock;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Service;

import notifications.NotificationChoice;
import notifications.NotificationKind;
import notifications.store.PreferenceRepository;
import platform.AppUser;
import platform.DomainException;
import platform.LowerCaseName;
import platform.PlatformAudit;
import platform.TenantTransactions;
import platform.UserDirectory;

/**
 * Each user's choice per notification kind: immediate, in the daily digest, or off. A kind the user
 * has not chosen for is {@link #DEFAULT} (so kinds added later reach people at once until they say
 * otherwise); what may be chosen is the kind's ({@link NotificationKind#mayTurnOff()}: assignments
 * and escalations may be digested, never turned off). Every change is audited.
 */
@Service
public class NotificationPreferences {

	/** The choice of a kind its user has not chosen for. */
	public static final NotificationChoice DEFAULT = NotificationChoice.IMMEDIATE;

	/** A kind as its user sees it: the current choice and whether it may be turned off. */
	public record KindPreference(NotificationKind kind, NotificationChoice choice, boolean mayTurnOff) {

		/** The choices the kind allows. */
		public List<NotificationChoice> choices() {
			return Arrays.stream(NotificationChoice.values()).filter(choice -> allowed(kind, choice)).toList();
		}
	}

	private final TenantTransactions transactions;
	private final PreferenceRepository preferences;
	private final UserDirectory users;
	private final PlatformAudit audit;
	private final Clock clock;

	NotificationPreferences(TenantTransactions transactions, PreferenceRepository preferences, UserDirectory users,
			PlatformAudit audit, Clock clock) {
		this.transactions = transactions;
		this.preferences = preferences;
		this.users = users;
		this.audit = audit;
		this.clock = clock;
	}

	/** The kinds users choose for, in declaration order. */
	public static List<NotificationKind> kinds() {
		return Arrays.stream(NotificationKind.values()).filter(NotificationKind::chosenByUser).toList();
	}

	/** How {@code username} wants {@code kind}; call inside the tenant's unit of work. */
	public NotificationChoice choiceOf(String username, NotificationKind kind) {
		if (!kind.chosenByUser()) {
			return NotificationChoice.IMMEDIATE;
		}
		return preferences.choice(username, kind).filter(choice -> allowed(kind, choice)).orElse(DEFAULT);
	}

	/** Every kind with {@code user}'s current choice; 404 for a caller that is no user of the tenant (an API token). */
	public List<KindPreference> of(AppUser user) {
		return transactions.readInTenant(user.tenantId(), () -> {
			requireUser(user);
			return current(user.getUsername());
		});
	}

	/**
	 * Sets the choices named in {@code requested} (kind → choice, both by their names); the kinds not
	 * named keep theirs. An unknown kind or choice, or {@code off} for a kind that cannot be turned
	 * off, is refused with every such field named, and nothing is saved.
	 */
	public List<KindPreference> change(AppUser user, Map<String, String> requested) {
		Map<NotificationKind, NotificationChoice> wanted = parse(requested);
		return transactions.inTenant(user.tenantId(), () -> {
			requireUser(user);
			List<KindPreference> before = current(user.getUsername());
			Map<String, String> changed = new LinkedHashMap<>();
			for (KindPreference preference : before) {
				NotificationChoice choice = wanted.get(preference.kind());
				if (choice != null && choice != preference.choice()) {
					preferences.set(user.getUsername(), preference.kind(), choice, clock.instant());
					changed.put(preference.kind().value(), preference.choice().value() + " → " + choice.value());
				}
			}
			if (!changed.isEmpty()) {
				audit.record(user.getUsername(), "notifications.preferences_changed",
						Map.of("subject", user.getUsername(), "changes", changed));
			}
			return current(user.getUsername());
		});
	}

	/**
	 * Turns {@code kind} off for {@code username} of {@code tenantId} (a signed unsubscribe link's
	 * scope; no sign-in); false when it already was. Audited as the user's own act.
	 */
	public boolean turnOff(String tenantId, String username, NotificationKind kind) {
		if (!kind.mayTurnOff()) {
			throw new DomainException.InvalidInput("kind", refusal(kind));
		}
		return transactions.inTenant(tenantId, () -> {
			if (choiceOf(username, kind) == NotificationChoice.OFF) {
				return false;
			}
			preferences.set(username, kind, NotificationChoice.OFF, clock.instant());
			audit.record(username, "notifications.unsubscribed",
					Map.of("subject", username, "kind", kind.value(), "via", "one-click unsubscribe link"));
			return true;
		});
	}

	/** Why {@code kind} cannot be turned off, as the API and the page say it. */
	static String refusal(NotificationKind kind) {
		return kind.label() + " mails cannot be turned off, only digested: work waits on them";
	}

	private static boolean allowed(NotificationKind kind, NotificationChoice choice) {
		return choice != NotificationChoice.OFF || kind.mayTurnOff();
	}

	private List<KindPreference> current(String username) {
		Map<String, NotificationChoice> stored = preferences.choices(username);
		return kinds().stream().map(kind -> {
			NotificationChoice choice = stored.getOrDefault(kind.value(), DEFAULT);
			return new KindPreference(kind, allowed(kind, choice) ? choice : DEFAULT, kind.mayTurnOff());
		})
			.toList();
	}

	private void requireUser(AppUser user) {
		if (users.find(user.getUsername()).isEmpty()) {
			throw new DomainException.NotFound(user.getUsername() + " is not a user of this tenant: only users get mail");
		}
	}

	private static Map<NotificationKind, NotificationChoice> parse(Map<String, String> requested) {
		Map<String, String> errors = new LinkedHashMap<>();
		Map<NotificationKind, NotificationChoice> wanted = new LinkedHashMap<>();
		List<String> kinds = kinds().stream().map(NotificationKind::value).toList();
		List<String> choices = LowerCaseName.values(NotificationChoice.class);
		if (requested == null || requested.isEmpty()) {
			throw new DomainException.InvalidInput("preferences", "names no kind (kinds: " + String.join(", ", kinds) + ")");
		}
		requested.forEach((name, value) -> {
			String field = "preferences." + name;
			if (name == null || !kinds.contains(name)) {
				errors.put(field, "is not a notification kind (kinds: " + String.join(", ", kinds) + ")");
			}
			else if (value == null || !choices.contains(value)) {
				errors.put(field, "is not one of " + String.join(", ", choices));
			}
			else {
				NotificationKind kind = LowerCaseName.parse(NotificationKind.class, name);
				NotificationChoice choice = LowerCaseName.parse(NotificationChoice.class, value);
				if (!allowed(kind, choice)) {
					errors.put(field, refusal(kind));
				}
				else {
					wanted.put(kind, choice);
				}
			}
		});
		if (!errors.isEmpty()) {
			throw new DomainException.InvalidInput(errors);
		}
		return wanted;
	}
}
