package access;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import org.springframework.stereotype.Component;

import platform.AppUser;
import platform.DomainException;
import platform.Role;
import platform.UserDirectory;

/**
 * Who may act on an access request: the one place that says it. A decision belongs to the waiting
 * step's manager or to the approvers of its group (or to whom they delegated today, the workflow's
 * out-of-office delegation), never to the requester or the beneficiary, and one person approves
 * one step of a request at most; the requester or the beneficiary cancels a waiting request; an
 * admin revokes approved access and alone may let a request through an incompatibility. Call
 * inside the tenant's unit of work.
 */
@Component
class AccessRules {

	private final UserDirectory directory;

	AccessRules(UserDirectory directory) {
		this.directory = directory;
	}

	/**
	 * Whom {@code actor} decides the waiting step for: empty when for themselves, the approver they
	 * stand in for otherwise.
	 *
	 * @param actingFor whom {@code actor} stands in for today, asked only when they do not decide on their own account
	 * @param approvedBefore whether {@code actor} approved an earlier step of the request
	 * @throws DomainException.Forbidden the actor may not decide it, with the reason as problem type
	 */
	Optional<String> decider(AccessRequest request, AppUser actor, Supplier<Set<String>> actingFor, boolean approvedBefore) {
		String me = actor.getUsername();
		if (me.equals(request.requestedBy()) || me.equals(request.beneficiary())) {
			throw new DomainException.Forbidden("You " + (me.equals(request.beneficiary()) ? "would receive" : "requested")
					+ " this access: someone else decides it.", "self-approval");
		}
		if (approvedBefore) {
			throw new DomainException.Forbidden("You approved an earlier step of this request: another person decides this one.",
					"separation-of-duties");
		}
		if (may(request, me)) {
			return Optional.empty();
		}
		for (String owner : actingFor.get().stream().sorted().toList()) {
			if (!owner.equals(request.requestedBy()) && !owner.equals(request.beneficiary()) && may(request, owner)) {
				return Optional.of(owner);
			}
		}
		throw new DomainException.Forbidden("This request does not wait for your decision.", "not-your-decision");
	}

	/** Whether {@code username} decides the waiting step on their own account. */
	private boolean may(AccessRequest request, String username) {
		if (request.managerStep()) {
			return username.equals(request.manager());
		}
		return request.group() != null && directory.eligibleApprovers(request.group()).contains(username);
	}

	/** Whether {@code username} could decide a request waiting on step of {@code request} (the inbox, reads). */
	boolean approverOf(AccessRequest request, String username) {
		return request.status() == AccessRequestStatus.SUBMITTED && !username.equals(request.requestedBy())
				&& !username.equals(request.beneficiary()) && may(request, username);
	}

	void checkCancel(AccessRequest request, AppUser actor) {
		String me = actor.getUsername();
		if (!me.equals(request.requestedBy()) && !me.equals(request.beneficiary())) {
			throw new DomainException.Forbidden("Only who asked for the access, or who would receive it, may cancel it.",
					"not-your-request");
		}
	}

	void checkRevoke(AppUser actor) {
		if (!actor.hasRole(Role.ADMIN)) {
			throw new DomainException.Forbidden("Only an admin revokes access before it expires.", "admin-only");
		}
	}

	/** An incompatibility is let through only by an admin, with a reason. */
	void checkException(AppUser actor, List<String> conflicts, String exceptionReason) {
		if (conflicts.isEmpty()) {
			return;
		}
		if (exceptionReason == null || exceptionReason.isBlank()) {
			throw new DomainException.Conflict("The beneficiary would hold incompatible packages: " + String.join(", ", conflicts)
					+ ". An admin may request it as an exception, with a reason.", "incompatible-packages");
		}
		if (!actor.hasRole(Role.ADMIN)) {
			throw new DomainException.Forbidden("Only an admin may make an exception to incompatible packages ("
					+ String.join(", ", conflicts) + ").", "admin-only");
		}
	}

	/**
	 * Whether {@code requester} may ask for access for {@code beneficiary}: for themselves, as the
	 * manager HR records for them, or as an admin (who alone may ask for an exception).
	 */
	void checkRequestFor(AppUser requester, String beneficiary, String beneficiaryManager) {
		if (!requester.getUsername().equals(beneficiary) && !requester.getUsername().equals(beneficiaryManager)
				&& !requester.hasRole(Role.ADMIN)) {
			throw new DomainException.Forbidden("You may request access for yourself or for the people who report to you.",
					"not-your-report");
		}
	}

	/** Whether {@code reader} may read {@code request}: its parties, its approvers and their delegates, admins. */
	boolean mayRead(AccessRequest request, AppUser reader, Set<String> actingFor, boolean decidedIt) {
		String me = reader.getUsername();
		return reader.hasRole(Role.ADMIN) || me.equals(request.requestedBy()) || me.equals(request.beneficiary())
				|| me.equals(request.manager()) || decidedIt || (request.group() != null && reader.groups().contains(request.group()))
				|| (request.manager() != null && actingFor.contains(request.manager()));
	}

	/**
	 * Whether {@code actor} may attach a file to {@code request}: its requester or beneficiary, while
	 * it waits for a decision (what the approvers decide on does not change after the decision).
	 */
	void checkAttach(AccessRequest request, AppUser actor) {
		String me = actor.getUsername();
		if (!me.equals(request.requestedBy()) && !me.equals(request.beneficiary())) {
			throw new DomainException.Forbidden("Only who asked for the access, or who would receive it, attaches files to it.",
					"not-your-request");
		}
		if (request.status() != AccessRequestStatus.SUBMITTED) {
			throw new DomainException.Conflict("This request is " + request.status().value()
					+ ": files are attached while it waits for a decision.", "request-closed");
		}
	}
}
