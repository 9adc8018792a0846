package notifications.intake;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import notifications.NotificationKind;
import notifications.NotificationStatus;
import notifications.delivery.MailDispatcher;
import notifications.delivery.MailTransport;
import notifications.store.DigestItem;
import notifications.store.DigestRepository;
import notifications.store.NewNotification;
import notifications.store.NotificationRepository;
import platform.TenantTransactions;

/**
 * Each recipient's daily digest: at the digest hour ({@link DigestProperties}), what arrived for them
 * before it and waits ({@code digested}) becomes one mail, grouped by kind with the link of each item.
 * Per recipient one unit of work writes the digest (kind {@code daily_digest}, key {@code digest:<day>},
 * unique per recipient) and marks its items sent with it: a crash before the commit leaves everything
 * waiting for the next run, a crash after it leaves nothing to send again, and a second run the same
 * day finds the day's digest written and adds none (what arrived since waits for the next day's). The
 * digest itself is sent like any mail, with its retries.
 */
@Component
class DailyDigest {

	/** The items of one kind in a digest. */
	record Group(String label, List<Line> lines) {
	}

	/** One item: its subject (without the tenant's name) and link. */
	record Line(String subject, String link) {
	}

	static final String EVENT_TYPE = "notifications.daily_digest";
	private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("EEE d MMM yyyy", Locale.ENGLISH);
	private static final Logger log = LoggerFactory.getLogger(DailyDigest.class);

	private final TenantTransactions transactions;
	private final DigestRepository digests;
	private final NotificationRepository notifications;
	private final Recipients recipients;
	private final MailTemplates templates;
	private final MailLinks links;
	private final MailTransport transport;
	private final MailDispatcher dispatcher;
	private final DigestProperties properties;

	DailyDigest(TenantTransactions transactions, DigestRepository digests, NotificationRepository notifications,
			Recipients recipients, MailTemplates templates, MailLinks links, MailTransport transport,
			MailDispatcher dispatcher, DigestProperties properties) {
		this.transactions = transactions;
		this.digests = digests;
		this.notifications = notifications;
		this.recipients = recipients;
		this.templates = templates;
		this.links = links;
		this.transport = transport;
		this.dispatcher = dispatcher;
		this.properties = properties;
	}

	/** The last digest hour at or before {@code now}: the digest it makes carries what arrived before it. */
	Instant moment(Instant now) {
		ZonedDateTime local = now.atZone(properties.zone());
		ZonedDateTime today = local.toLocalDate().atTime(properties.hour(), 0).atZone(properties.zone());
		return (today.isAfter(local) ? today.minusDays(1) : today).toInstant();
	}

	/** The tenants with a digest due at {@code now}. */
	List<String> tenantsDue(Instant now) {
		return digests.tenantsDue(moment(now));
	}

	/** Writes the due digests of {@code tenant}'s recipients; how many were written. */
	int assemble(String tenant, Instant now) {
		Instant moment = moment(now);
		LocalDate day = moment.atZone(properties.zone()).toLocalDate();
		int written = 0;
		for (String recipient : transactions.readInTenant(tenant, () -> digests.recipientsDue(moment))) {
			if (Thread.currentThread().isInterrupted()) {
				break;
			}
			try {
				if (transactions.inTenant(tenant, () -> digest(tenant, recipient, day, moment, now))) {
					written++;
				}
			}
			catch (RuntimeException e) {
				// one recipient's failure leaves their items waiting; the others' digests go out
				log.warn("The daily digest of {} (tenant {}) failed, retried next run: {}", recipient, tenant, e.getMessage(), e);
			}
		}
		if (written > 0) {
			dispatcher.wake();
		}
		return written;
	}

	private boolean digest(String tenant, String recipient, LocalDate day, Instant moment, Instant now) {
		List<DigestItem> items = digests.waiting(recipient, moment);
		if (items.isEmpty()) {
			return false;
		}
		String tenantName = recipients.tenantName(tenant);
		Recipients.Recipient to = recipients.of(recipient);
		Map<String, Object> variables = new HashMap<>();
		variables.put("tenantName", tenantName);
		variables.put("recipientName", to.displayName());
		variables.put("preferencesLink", links.to(NotificationWriter.PREFERENCES_PAGE));
		variables.put("day", DAY.format(day));
		variables.put("count", items.size());
		variables.put("groups", groups(items, tenantName));
		MailTemplates.Rendered body = templates.render("daily-digest", variables);
		String reason = to.skippedBecause();
		NotificationStatus status = reason != null ? NotificationStatus.SKIPPED
				: transport.configured() ? NotificationStatus.PENDING : NotificationStatus.NOT_CONFIGURED;
		String key = "digest:" + day;
		String subject = "[" + tenantName + "] Your daily digest: " + items.size() + " notification"
				+ (items.size() == 1 ? "" : "s");
		boolean added = notifications.add(new NewNotification(key,
				UUID.nameUUIDFromBytes((tenant + "\n" + recipient + "\n" + key).getBytes(StandardCharsets.UTF_8)), EVENT_TYPE,
				NotificationKind.DAILY_DIGEST, recipient, to.email(), Subjects.of(subject), body.text(), body.html(), status,
				reason, null, null, links.to(NotificationWriter.PREFERENCES_PAGE), null), now);
		if (!added) {
			// the day's digest went out already: these wait for the next one
			return false;
		}
		digests.carried(items.stream().map(DigestItem::id).toList(), recipient, key,
				status == NotificationStatus.PENDING ? NotificationStatus.SENT : status, reason, now);
		return true;
	}

	/** The items by kind, in the order kinds are declared, each oldest first. */
	private static List<Group> groups(List<DigestItem> items, String tenantName) {
		Map<NotificationKind, List<Line>> byKind = new LinkedHashMap<>();
		for (NotificationKind kind : NotificationKind.values()) {
			byKind.put(kind, new ArrayList<>());
		}
		String prefix = "[" + tenantName + "] ";
		for (DigestItem item : items) {
			String subject = item.subject().startsWith(prefix) ? item.subject().substring(prefix.length()) : item.subject();
			byKind.get(item.kind()).add(new Line(subject, item.link()));
		}
		return byKind.entrySet().stream()
			.filter(entry -> !entry.getValue().isEmpty())
			.map(entry -> new Group(entry.getKey().label(), List.copyOf(entry.getValue())))
			.toList();
	}
}
