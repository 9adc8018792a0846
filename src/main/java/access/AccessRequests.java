package access;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

import org.springframework.stereotype.Service;

import outbox.OutboxPublisher;
import outbox.catalog.AccessRequestChanged;
import outbox.catalog.CatalogEvent;
import outbox.catalog.GrantRecorded;
import outbox.catalog.GrantState;
import platform.AppUser;
import platform.Attachment;
import platform.AttachmentContent;
import platform.Attachments;
import platform.ApproverDelegations;
import platform.DomainException;
import platform.InsightsContributor.ItemFigures;
import platform.PlatformAudit;
import platform.ReportingLines;
import platform.Role;
import platform.TenantTransactions;
import platform.UserDirectory;
import platform.UserDirectory.DirectoryUser;

/**
 * Access requests, a state machine in PostgreSQL: submit, approve or reject each step, cancel,
 * and after approval expire or revoke. Every move is one tenant unit of work that reads the
 * request, checks the move ({@link AccessRequestStatus#canTransitionTo}, {@link AccessRules}),
 * moves it with a conditional UPDATE on the status and version it read (the loser of a race gets a
 * 409 {@code stale}), writes the decision as evidence, records it in the audit trail and publishes
 * {@link AccessRequestChanged} through the outbox; an approval publishes a {@link GrantRecorded}
 * per grant of the package and an expiry or revocation its compensation, so provisioning's
 * entitlements and effects give and take the access in the directories. Nothing here calls the
 * workflow's orchestrator.
 */
@Service
public class AccessRequests {

	/** Who moves a request when no person does: the expiry job, a leaver's revocation. */
	public static final String SYSTEM = "system";

	private static final int MAX_TEXT = 2000;

	/** What a beneficiary holds or waits for: what an incompatibility is checked against. */
	private static final List<AccessRequestStatus> HELD_OR_WAITING = List.of(AccessRequestStatus.APPROVED,
			AccessRequestStatus.SUBMITTED);

	/** A move that publishes its change only. */
	private static final Function<AccessRequest, List<? extends CatalogEvent>> NOTHING_ELSE = moved -> List.of();

	private final TenantTransactions transactions;
	private final AccessCatalog catalog;
	private final RequestRepository requests;
	private final DecisionRepository decisions;
	private final AccessRules rules;
	private final UserDirectory directory;
	private final ReportingLines reportingLines;
	private final ApproverDelegations delegations;
	private final PlatformAudit audit;
	private final OutboxPublisher outbox;
	private final Attachments attachments;
	private final Clock clock;

	AccessRequests(TenantTransactions transactions, AccessCatalog catalog, RequestRepository requests,
			DecisionRepository decisions, AccessRules rules, UserDirectory directory, ReportingLines reportingLines,
			ApproverDelegations delegations, PlatformAudit audit, OutboxPublisher outbox, Attachments attachments,
			Clock clock) {
		this.transactions = transactions;
		this.catalog = catalog;
		this.requests = requests;
		this.decisions = decisions;
		this.rules = rules;
		this.directory = directory;
		this.reportingLines = reportingLines;
		this.delegations = delegations;
		this.audit = audit;
		this.outbox = outbox;
		this.attachments = attachments;
		this.clock = clock;
	}

	/**
	 * What a person asks for: a package, for whom (null: themselves), why, until when (null: the
	 * package's longest), and an admin's reason to let an incompatibility through (null: none).
	 */
	public record Submission(String packageKey, String beneficiary, String justification, LocalDate until,
			String exceptionReason) {
	}

	/** A request with its history, as its page and the API show it. */
	public record RequestView(AccessRequest request, List<AccessDecision> history) {
	}

	/** The packages {@code user} may ask for themselves (their department's and those open to all). */
	public List<AccessPackage> requestable(AppUser user) {
		return transactions.readInTenant(user.tenantId(), () -> {
			String department = person(user.tenantId(), directory.find(user.getUsername()).orElse(null))
				.map(ReportingLines.Person::department).orElse(null);
			return catalog.stored().packages().stream().filter(p -> p.openTo(department)).toList();
		});
	}

	public AccessRequest submit(AppUser requester, Submission submission) {
		Map<String, String> errors = new LinkedHashMap<>();
		if (submission.packageKey() == null || submission.packageKey().isBlank()) {
			errors.put("package", "must name a package of the catalog");
		}
		if (submission.justification() != null && submission.justification().length() > MAX_TEXT) {
			errors.put("justification", "must be at most " + MAX_TEXT + " characters");
		}
		if (submission.exceptionReason() != null && submission.exceptionReason().length() > MAX_TEXT) {
			errors.put("exceptionReason", "must be at most " + MAX_TEXT + " characters");
		}
		if (!errors.isEmpty()) {
			throw new DomainException.InvalidInput(errors);
		}
		String tenant = requester.tenantId();
		return transactions.inTenant(tenant, () -> {
			AccessCatalogSettings current = catalog.stored();
			AccessPackage pkg = current.find(submission.packageKey().strip())
				.orElseThrow(() -> new DomainException.InvalidInput("package", "is not a package of the catalog"));
			String beneficiary = submission.beneficiary() == null || submission.beneficiary().isBlank()
					? requester.getUsername() : submission.beneficiary().strip();
			DirectoryUser user = directory.find(beneficiary)
				.orElseThrow(() -> new DomainException.InvalidInput("beneficiary", "is not an active user of your organisation"));
			Optional<ReportingLines.Person> person = person(tenant, user);
			String manager = person.map(ReportingLines.Person::manager).orElse(null);
			rules.checkRequestFor(requester, beneficiary, manager);
			if (!pkg.openTo(person.map(ReportingLines.Person::department).orElse(null))) {
				throw new DomainException.Forbidden(pkg.name() + " is for the departments " + String.join(", ", pkg.departments())
						+ " only.", "not-requestable");
			}
			String justification = blankToNull(submission.justification());
			if (pkg.needsJustification() && justification == null) {
				throw new DomainException.InvalidInput("justification", "is required for " + pkg.name());
			}
			LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
			if (submission.until() != null && (!submission.until().isAfter(today)
					|| submission.until().isAfter(today.plusDays(pkg.maxDays())))) {
				throw new DomainException.InvalidInput("until", "must be after today and at most " + pkg.maxDays()
						+ " days ahead (" + today.plusDays(pkg.maxDays()) + ")");
			}
			if (pkg.policy().managerDecides(1) && manager == null) {
				throw new DomainException.Unprocessable(pkg.name() + " is approved by the manager, and HR records none for "
						+ user.displayName() + ".", Map.of("beneficiary", "has no manager recorded by HR"));
			}
			if (pkg.policy() != ApprovalPolicy.MANAGER) {
				// neither may decide it, nor a member without the APPROVER role (AccessRules decides by the
				// group's eligible approvers): a group of only them would leave the request waiting for no one
				long deciders = directory.eligibleApprovers(pkg.group()).stream()
					.filter(member -> !member.equals(requester.getUsername()) && !member.equals(beneficiary))
					.count();
				if (deciders < pkg.quorumOrOne()) {
					throw new DomainException.Unprocessable(pkg.name() + " is approved by " + pkg.quorumOrOne() + " of the group "
							+ pkg.group() + ", which has " + (deciders == 0 ? "no approver" : "only " + deciders + " approver(s)")
							+ " besides the requester and the beneficiary: nobody could approve this request.",
							Map.of("package", "has too few approvers for this request"));
				}
			}
			Set<String> incompatible = incompatibleWith(current, pkg.key());
			List<String> conflicts = incompatible.isEmpty() ? List.of()
					: conflicts(incompatible, requests.ofBeneficiary(beneficiary, HELD_OR_WAITING), null);
			String exceptionReason = conflicts.isEmpty() ? null : blankToNull(submission.exceptionReason());
			rules.checkException(requester, conflicts, exceptionReason);
			Instant now = clock.instant();
			AccessRequest request = new AccessRequest(UUID.randomUUID(), pkg.key(), pkg.name(), current.version(),
					pkg.entitlements(), beneficiary, person.map(ReportingLines.Person::employeeId)
						.orElseGet(() -> userId(tenant, beneficiary)),
					requester.getUsername(), justification, pkg.policy(), manager, pkg.group(), pkg.quorumOrOne(),
					pkg.maxDays(), AccessRequestStatus.SUBMITTED, 1, 0,
					submission.until() == null ? null : endOf(submission.until()), null, exceptionReason, 1, now, null, null, null);
			requests.insert(request);
			decisions.insert(request.id(), new AccessDecision(1, "submit", requester.getUsername(), null, justification,
					null, AccessRequestStatus.SUBMITTED, now));
			Map<String, Object> detail = detail(request);
			detail.put("justification", justification);
			audit.record(requester.getUsername(), "access.requested", detail);
			if (exceptionReason != null) {
				Map<String, Object> exception = detail(request);
				exception.put("conflicts", conflicts);
				exception.put("reason", exceptionReason);
				audit.record(requester.getUsername(), "access.exception.granted", exception);
			}
			outbox.publish(changed(request, AccessRequestStatus.SUBMITTED, 1, requester.getUsername(), 1, null));
			return request;
		});
	}

	/** Approves the waiting step; the last step's approval grants the package. */
	public AccessRequest approve(AppUser actor, UUID id, Integer expectedVersion, String reason) {
		return decide(actor, id, expectedVersion, reason, true);
	}

	public AccessRequest reject(AppUser actor, UUID id, Integer expectedVersion, String reason) {
		return decide(actor, id, expectedVersion, reason, false);
	}

	public AccessRequest cancel(AppUser actor, UUID id, Integer expectedVersion, String reason) {
		return transactions.inTenant(actor.tenantId(), () -> {
			AccessRequest request = current(id, expectedVersion, AccessRequestStatus.CANCELLED);
			rules.checkCancel(request, actor);
			return move(request, AccessRequestStatus.CANCELLED, request.step(), request.approvals(), null, actor.getUsername(),
					null, "cancel", text(reason), "access.cancelled", NOTHING_ELSE);
		});
	}

	/** An admin takes approved access away before it expires. */
	public AccessRequest revoke(AppUser admin, UUID id, Integer expectedVersion, String reason) {
		return transactions.inTenant(admin.tenantId(), () -> {
			rules.checkRevoke(admin);
			AccessRequest request = current(id, expectedVersion, AccessRequestStatus.REVOKED);
			return end(request, AccessRequestStatus.REVOKED, admin.getUsername(), text(reason), true);
		});
	}

	/** Expires the tenant's approved access whose time is up at {@code now}, one batch; returns how many. */
	public int expireDue(String tenantId, Instant now, int batch) {
		List<AccessRequest> due = transactions.readInTenant(tenantId, () -> requests.expiredAt(now, batch));
		int done = 0;
		for (AccessRequest request : due) {
			try {
				transactions.runInTenant(tenantId, () -> end(request, AccessRequestStatus.EXPIRED, SYSTEM,
						"access ended on its date", true));
				done++;
			}
			catch (DomainException.Conflict moved) {
				// revoked or renewed since it was read: nothing to expire
			}
		}
		return done;
	}

	/** The tenants with approved access whose time is up at {@code now} (the expiry job's scan). */
	public List<String> tenantsWithExpired(Instant now) {
		return requests.tenantsWithExpired(now);
	}

	/** A leaver's access is gone: every package they hold is revoked with it. Returns how many. */
	public int revokeAllOf(String tenantId, UUID employeeId, String reason) {
		return transactions.inTenant(tenantId, () -> {
			int done = 0;
			for (AccessRequest request : requests.approvedOf(employeeId)) {
				end(request, AccessRequestStatus.REVOKED, SYSTEM, reason, true);
				done++;
			}
			return done;
		});
	}

	/** The request and its history, for its parties, its approvers and their delegates, and admins. */
	public RequestView get(AppUser reader, UUID id) {
		Set<String> actingFor = delegations.actingFor(reader.tenantId(), reader.getUsername());
		return transactions.readInTenant(reader.tenantId(), () -> {
			AccessRequest request = requests.find(id).orElseThrow(AccessRequests::notFound);
			List<AccessDecision> history = decisions.of(id);
			boolean decided = history.stream().anyMatch(d -> d.actor().equals(reader.getUsername()));
			if (!rules.mayRead(request, reader, actingFor, decided)) {
				throw notFound();
			}
			return new RequestView(request, history);
		});
	}

	/** The owner kind of an access request's attachments in {@link Attachments}. */
	static final String ATTACHMENT_OWNER = "access_request";

	/**
	 * Attaches a file to a waiting request: its requester or beneficiary ({@link AccessRules#checkAttach});
	 * 404 for whoever may not read the request. The object and its row are written in the request's
	 * unit of work, audited as {@code access.attachment.added}.
	 */
	public Attachment attach(AppUser actor, UUID id, String filename, String declaredContentType,
			java.io.InputStream content) {
		Set<String> actingFor = delegations.actingFor(actor.tenantId(), actor.getUsername());
		return transactions.inTenant(actor.tenantId(), () -> {
			AccessRequest request = readable(actor, id, actingFor);
			rules.checkAttach(request, actor);
			Attachment stored = attachments.store(actor.tenantId(), ATTACHMENT_OWNER, id.toString(), filename,
					declaredContentType, content, actor.getUsername());
			Map<String, Object> detail = new LinkedHashMap<>();
			detail.put("request", id.toString());
			detail.put("attachment", stored.id().toString());
			detail.put("filename", stored.filename());
			detail.put("sha256", stored.sha256());
			audit.record(actor.getUsername(), "access.attachment.added", detail);
			return stored;
		});
	}

	/** A request's attachments, oldest first, for whoever may read the request (404 otherwise). */
	public List<Attachment> attachments(AppUser reader, UUID id) {
		Set<String> actingFor = delegations.actingFor(reader.tenantId(), reader.getUsername());
		return transactions.readInTenant(reader.tenantId(), () -> {
			readable(reader, id, actingFor);
			return attachments.list(reader.tenantId(), ATTACHMENT_OWNER, id.toString());
		});
	}

	/** One attachment of a request, its bytes verified, for whoever may read the request (404 otherwise). */
	public AttachmentContent attachment(AppUser reader, UUID id, UUID attachmentId) {
		Set<String> actingFor = delegations.actingFor(reader.tenantId(), reader.getUsername());
		transactions.readInTenant(reader.tenantId(), () -> {
			readable(reader, id, actingFor);
			return attachments.find(reader.tenantId(), attachmentId)
				.filter(a -> ATTACHMENT_OWNER.equals(a.ownerKind()) && id.toString().equals(a.ownerId()))
				.orElseThrow(() -> new DomainException.NotFound("No such attachment of this request."));
		});
		return attachments.open(reader.tenantId(), attachmentId);
	}

	/** The request, if {@code reader} may read it ({@link AccessRules#mayRead}); 404 otherwise, as for a stranger. */
	private AccessRequest readable(AppUser reader, UUID id, Set<String> actingFor) {
		AccessRequest request = requests.find(id).orElseThrow(AccessRequests::notFound);
		boolean decided = decisions.of(id).stream().anyMatch(d -> d.actor().equals(reader.getUsername()));
		if (!rules.mayRead(request, reader, actingFor, decided)) {
			throw notFound();
		}
		return request;
	}

	/** What {@code user} holds now (approved, not expired), newest first. */
	public List<AccessRequest> held(AppUser user) {
		return transactions.readInTenant(user.tenantId(),
				() -> requests.ofBeneficiary(user.getUsername(), List.of(AccessRequestStatus.APPROVED)));
	}

	/** The requests {@code user} made or receives, newest first. */
	public List<AccessRequest> involving(AppUser user) {
		return transactions.readInTenant(user.tenantId(), () -> requests.involving(user.getUsername(), 200));
	}

	/** The requests waiting for {@code reader}'s decision, for themselves or for whom they stand in for. */
	public List<Waiting> waitingFor(AppUser reader, Set<String> actingFor) {
		return transactions.readInTenant(reader.tenantId(), () -> {
			String me = reader.getUsername();
			List<String> managers = new ArrayList<>(List.of(me));
			managers.addAll(actingFor);
			Set<String> groups = new LinkedHashSet<>(reader.groups());
			for (String owner : actingFor) {
				directory.find(owner).ifPresent(user -> groups.addAll(user.groups()));
			}
			List<Waiting> waiting = new ArrayList<>();
			for (AccessRequest request : requests.waitingOn(managers, List.copyOf(groups), 200)) {
				if (rules.approverOf(request, me) && !decisions.approvedBy(request.id(), me)) {
					waiting.add(new Waiting(request, null));
					continue;
				}
				actingFor.stream().sorted().filter(owner -> rules.approverOf(request, owner)).findFirst()
					.filter(owner -> !me.equals(request.requestedBy()) && !me.equals(request.beneficiary()))
					.ifPresent(owner -> waiting.add(new Waiting(request, owner)));
			}
			return waiting;
		});
	}

	/**
	 * How many requests wait for {@code reader}'s decision, at most {@code limit}: the count of
	 * {@link #waitingFor} (the same rules, {@link AccessRules#approverOf}) asked of the database, for
	 * the inbox badge, which needs no request.
	 */
	public int waitingCount(AppUser reader, Set<String> actingFor, int limit) {
		return transactions.readInTenant(reader.tenantId(), () -> {
			String me = reader.getUsername();
			// the groups waitingFor looks in (the reader's, the owners'), of those a user decides for the
			// ones they are an enabled APPROVER of (UserDirectory#eligibleApprovers, as AccessRules asks)
			Set<String> looked = new LinkedHashSet<>(reader.groups());
			List<String> owners = actingFor.stream().sorted().toList();
			List<DirectoryUser> ownerUsers = owners.stream().map(directory::find).flatMap(Optional::stream)
				.toList();
			ownerUsers.forEach(user -> looked.addAll(user.groups()));
			List<String> myGroups = directory.find(me).filter(user -> user.hasRole(Role.APPROVER))
				.map(user -> looked.stream().filter(user.groups()::contains).sorted().toList())
				.orElse(List.of());
			List<String> ownerOfGroup = new ArrayList<>();
			List<String> groupOfOwner = new ArrayList<>();
			for (DirectoryUser owner : ownerUsers) {
				if (owner.hasRole(Role.APPROVER)) {
					owner.groups().stream().sorted().forEach(group -> {
						ownerOfGroup.add(owner.username());
						groupOfOwner.add(group);
					});
				}
			}
			return requests.countWaitingFor(me, myGroups, owners, ownerOfGroup, groupOfOwner, limit);
		});
	}

	/** A request waiting for a reader's decision; {@code delegatedFor} the approver they stand in for (null: their own). */
	public record Waiting(AccessRequest request, String delegatedFor) {
	}

	/**
	 * The insights of the tenant's requests: per package and over all of them ({@link Figures#overall},
	 * named {@link #ALL_PACKAGES}), the requests submitted from {@code since} and their times to
	 * decision; the approved access ending before {@code now} + {@code days} ({@code expiringTotal} of
	 * it, the soonest {@code limit} listed).
	 */
	public Figures figures(String tenantId, Instant since, Instant now, int days, int limit) {
		Instant before = now.plus(days, ChronoUnit.DAYS);
		return transactions.readInTenant(tenantId, () -> {
			RequestRepository.Figures figures = requests.figures(since, ALL_PACKAGES);
			return new Figures(figures.packages(), figures.overall(), requests.countExpiringBefore(before),
					requests.expiringBefore(before, limit));
		});
	}

	/** The name of the figures over all packages. */
	public static final String ALL_PACKAGES = "All packages";

	/** Per package, overall, and the approved access ending soonest ({@code expiringTotal} of it in all). */
	public record Figures(List<ItemFigures> packages, ItemFigures overall, long expiringTotal,
			List<AccessRequest> expiring) {
	}

	private AccessRequest decide(AppUser actor, UUID id, Integer expectedVersion, String reason, boolean approve) {
		String me = actor.getUsername();
		return transactions.inTenant(actor.tenantId(), () -> {
			AccessRequestStatus target = approve ? AccessRequestStatus.APPROVED : AccessRequestStatus.REJECTED;
			AccessRequest request = current(id, expectedVersion, target);
			// no one has approved a request at its first step without approvals: nothing to look up
			boolean approvedBefore = (request.step() > 1 || request.approvals() > 0) && decisions.approvedBy(id, me);
			Optional<String> forOwner = rules.decider(request, actor,
					() -> delegations.actingFor(actor.tenantId(), me), approvedBefore);
			String why = text(reason);
			if (!approve) {
				return move(request, AccessRequestStatus.REJECTED, request.step(), request.approvals(), null, me,
						forOwner.orElse(null), "reject", why, "access.rejected", NOTHING_ELSE);
			}
			int approvals = request.approvals() + 1;
			if (approvals < request.required()) {
				return move(request, AccessRequestStatus.SUBMITTED, request.step(), approvals, null, me,
						forOwner.orElse(null), "approve", why, "access.step.approved", NOTHING_ELSE);
			}
			if (request.step() < request.policy().steps()) {
				return move(request, AccessRequestStatus.SUBMITTED, request.step() + 1, 0, null, me, forOwner.orElse(null),
						"approve", why, "access.step.approved", NOTHING_ELSE);
			}
			AccessCatalogSettings current = catalog.stored();
			current.find(request.packageKey()).filter(AccessPackage::needsAttachment)
				.filter(pkg -> attachments.list(actor.tenantId(), ATTACHMENT_OWNER, id.toString()).isEmpty())
				.ifPresent(pkg -> {
					throw new DomainException.Conflict(pkg.name() + " needs an attachment: the request cannot be approved "
							+ "before its requester or beneficiary attaches one.", "attachment-required");
				});
			// the beneficiary's other requests, read once: for the incompatibilities and the access this one renews
			List<AccessRequest> others = requests.ofBeneficiary(request.beneficiary(), HELD_OR_WAITING).stream()
				.filter(other -> !other.id().equals(request.id()))
				.toList();
			if (request.exceptionReason() == null) {
				// something incompatible may have been approved since the submit
				rules.checkException(actor, conflicts(incompatibleWith(current, request.packageKey()), others, request.id()),
						null);
			}
			GrantRecorded.Employee employee = employee(request);
			Instant now = clock.instant();
			Instant longest = now.plus(request.maxDays(), ChronoUnit.DAYS);
			Instant expiresAt = request.requestedUntil() == null || request.requestedUntil().isAfter(longest) ? longest
					: request.requestedUntil();
			// a renewal continues the holding of the access it renews while that lasts: the same grants
			// given again with the later end (provisioning moves their planned undo), not a second grant
			List<AccessRequest> older = others.stream()
				.filter(o -> o.status() == AccessRequestStatus.APPROVED && o.packageKey().equals(request.packageKey()))
				.toList();
			UUID holding = older.stream().filter(o -> o.expiresAt() != null && o.expiresAt().isAfter(now))
				.map(AccessRequest::holding).findFirst().orElse(request.id());
			AccessRequest approved = move(request, AccessRequestStatus.APPROVED, request.step(), approvals,
					new RequestRepository.Held(holding, expiresAt), me,
					forOwner.orElse(null), "approve", why, "access.approved",
					moved -> grants(moved, GrantState.GRANTED, employee));
			for (AccessRequest renewed : older) {
				if (renewed.holding().equals(holding)) {
					end(renewed, AccessRequestStatus.REVOKED, SYSTEM, "renewed by request " + request.id(), false);
				}
				else {
					// its end has come and the expiry job has not been by yet: it expires as the job expires it
					end(renewed, AccessRequestStatus.EXPIRED, SYSTEM, "access ended on its date", true);
				}
			}
			return approved;
		});
	}

	/** The request as read in this unit of work, checked to be at the version the caller saw and able to move to {@code target}. */
	private AccessRequest current(UUID id, Integer expectedVersion, AccessRequestStatus target) {
		AccessRequest request = requests.find(id).orElseThrow(AccessRequests::notFound);
		if (expectedVersion != null && expectedVersion != request.version()) {
			throw stale(request, "is " + expectedVersion + " but the request is at version " + request.version());
		}
		if (!request.status().canTransitionTo(target)) {
			throw stale(request, "the request is " + request.status().value() + " and cannot become " + target.value());
		}
		return request;
	}

	/** Ends approved access: expired or revoked; {@code takeBack} publishes the grants' compensation. */
	private AccessRequest end(AccessRequest request, AccessRequestStatus to, String actor, String reason, boolean takeBack) {
		if (!request.status().canTransitionTo(to)) {
			throw stale(request, "the request is " + request.status().value() + " and cannot become " + to.value());
		}
		return move(request, to, request.step(), request.approvals(), null, actor, null,
				to == AccessRequestStatus.EXPIRED ? "expire" : "revoke", reason,
				to == AccessRequestStatus.EXPIRED ? "access.expired" : "access.revoked",
				takeBack ? ended -> grants(ended, GrantState.COMPENSATED, null) : NOTHING_ELSE);
	}

	/**
	 * The one write of a move: the conditional UPDATE on the status and version read, then its
	 * evidence, its event with {@code alsoPublish}'s (one outbox statement) and its audit entry, all
	 * in the caller's unit of work. The audit entry comes last: the trail's hash chain queues a
	 * tenant's entries from the insert until its transaction commits.
	 */
	private AccessRequest move(AccessRequest request, AccessRequestStatus to, int step, int approvals, RequestRepository.Held held,
			String actor, String actingFor, String decision, String reason, String auditAction,
			Function<AccessRequest, List<? extends CatalogEvent>> alsoPublish) {
		Instant now = clock.instant();
		AccessRequest moved = requests.move(request.id(), request.status(), request.version(), to, step, approvals, held,
				now).orElseThrow(() -> stale(request, "someone else decided the request first"));
		decisions.insert(request.id(), new AccessDecision(request.step(), decision, actor, actingFor, reason,
				request.status(), to, now));
		List<CatalogEvent> events = new ArrayList<>();
		events.add(changed(moved, to, request.step(), actor, moved.version(), moved.expiresAt()));
		events.addAll(alsoPublish.apply(moved));
		outbox.publishAll(events);
		Map<String, Object> detail = detail(moved);
		detail.put("from", request.status().value());
		detail.put("step", request.step());
		detail.put("actingFor", actingFor);
		detail.put("reason", reason);
		audit.record(actor, auditAction, detail);
		return moved;
	}

	private static AccessRequestChanged changed(AccessRequest request, AccessRequestStatus status, int step, String actor,
			int version, Instant until) {
		return new AccessRequestChanged(request.id(), request.packageKey(), request.packageName(), request.beneficiary(),
				request.requestedBy(), status.value(), step, actor, version, until);
	}

	/** The beneficiary as their grants carry them: HR's record of them, or their user. */
	private GrantRecorded.Employee employee(AccessRequest request) {
		DirectoryUser user = directory.find(request.beneficiary()).orElse(null);
		Optional<ReportingLines.Person> person = person(transactions.currentTenant(), user);
		return new GrantRecorded.Employee(
				person.map(ReportingLines.Person::displayName).orElse(user == null ? request.beneficiary() : user.displayName()),
				person.map(ReportingLines.Person::email).orElse(user == null ? null : user.email()), null,
				person.map(ReportingLines.Person::department).orElse(null),
				person.map(ReportingLines.Person::title).orElse(null), request.manager(), null, null, null);
	}

	/**
	 * One {@link GrantRecorded} per grant of the package: provisioning's entitlements say what each
	 * does; a grant carries the approval's end, for which provisioning plans its undo.
	 */
	private static List<GrantRecorded> grants(AccessRequest request, GrantState state, GrantRecorded.Employee employee) {
		Instant until = state == GrantState.GRANTED ? request.expiresAt() : null;
		// the holding stands for the run and the stage: one change per holding and grant, which a
		// renewal gives again with its later end and the end of the holding takes back
		return request.grants().stream()
			.map(grant -> new GrantRecorded(request.holding(), request.holding(), grant, request.employeeId(), state, null,
					employee, until))
			.toList();
	}

	/** The packages incompatible with package {@code key}: its own list and the packages that name it. */
	private static Set<String> incompatibleWith(AccessCatalogSettings current, String key) {
		Set<String> incompatible = new HashSet<>();
		current.find(key).ifPresent(p -> incompatible.addAll(p.incompatibleWith()));
		current.packages().stream().filter(p -> p.incompatibleWith().contains(key)).forEach(p -> incompatible.add(p.key()));
		return incompatible;
	}

	/** Of the beneficiary's requests held or waiting ({@link #HELD_OR_WAITING}), those of an {@code incompatible} package, by name. */
	private static List<String> conflicts(Set<String> incompatible, List<AccessRequest> heldOrWaiting, UUID except) {
		return heldOrWaiting.stream()
			.filter(r -> !r.id().equals(except) && incompatible.contains(r.packageKey()))
			.map(r -> r.packageName() + " (" + r.status().value() + ")")
			.distinct()
			.toList();
	}

	private Optional<ReportingLines.Person> person(String tenantId, DirectoryUser user) {
		return user == null || user.email() == null ? Optional.empty() : reportingLines.person(tenantId, user.email());
	}

	/**
	 * The id that stands for a user HR has no record of (an admin, a contractor) in the grants: stable
	 * per tenant and username, so the grants and their compensation name the same person.
	 */
	private static UUID userId(String tenantId, String username) {
		return UUID.nameUUIDFromBytes(("access-user:" + tenantId + ":" + username).getBytes(StandardCharsets.UTF_8));
	}

	private static Instant endOf(LocalDate day) {
		return day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
	}

	private static Map<String, Object> detail(AccessRequest request) {
		Map<String, Object> detail = new LinkedHashMap<>();
		detail.put("subject", request.beneficiary());
		detail.put("request", request.id().toString());
		detail.put("package", request.packageKey());
		detail.put("status", request.status().value());
		detail.put("requestedBy", request.requestedBy());
		if (request.expiresAt() != null) {
			detail.put("until", request.expiresAt().toString());
		}
		return detail;
	}

	private static String text(String reason) {
		String value = blankToNull(reason);
		if (value != null && value.length() > MAX_TEXT) {
			throw new DomainException.InvalidInput("reason", "must be at most " + MAX_TEXT + " characters");
		}
		return value;
	}

	private static String blankToNull(String value) {
		return value == null || value.isBlank() ? null : value.strip();
	}

	private static DomainException.Conflict stale(AccessRequest request, String why) {
		return DomainException.Conflict.stale("The access request changed since you read it (" + why
				+ "); reload and decide again.", "version", why);
	}

	private static DomainException notFound() {
		return new DomainException.NotFound("No such access request.");
	}
}
