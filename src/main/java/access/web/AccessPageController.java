package access.web;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.core.io.InputStreamResource;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import access.AccessRequest;
import access.AccessRequestStatus;
import access.AccessRequests;
import platform.AppUser;
import platform.Attachment;
import platform.ObjectStoreUnavailableException;
import platform.ConsoleTime;
import platform.DomainException;
import platform.Role;

/**
 * The people's access pages: Request access (the packages I may ask for, for myself or for a
 * report), My access (what I hold and until when, renew; my requests) and a request's page with
 * its history and the decisions the reader may take. Refusals show inline, nothing saved.
 */
@Controller
class AccessPageController {

	private final AccessRequests requests;
	private final ConsoleTime times;

	AccessPageController(AccessRequests requests, ConsoleTime times) {
		this.requests = requests;
		this.times = times;
	}

	/** A row of a list of requests, its times worked out here. */
	record RequestRow(UUID id, String href, String packageName, String beneficiary, String requestedBy, String status,
			String statusCss, String submitted, String until) {

		static RequestRow of(AccessRequest r, ConsoleTime times) {
			return new RequestRow(r.id(), "/access/requests/" + r.id(), r.packageName(), r.beneficiary(), r.requestedBy(),
					r.status().value(), css(r.status()), times.when(r.submittedAt()),
					r.expiresAt() == null ? "" : times.at(r.expiresAt()));
		}
	}

	@GetMapping("/access")
	String catalog(@AuthenticationPrincipal AppUser user, Model model) {
		return catalogPage(user, null, Map.of(), model);
	}

	@PostMapping("/access/requests")
	String submit(@AuthenticationPrincipal AppUser user, @RequestParam(name = "package", required = false) String pkg,
			@RequestParam(required = false) String beneficiary, @RequestParam(required = false) String justification,
			@RequestParam(required = false) String until, Model model, RedirectAttributes redirect) {
		Map<String, String> errors = new LinkedHashMap<>();
		LocalDate end = null;
		if (until != null && !until.isBlank()) {
			try {
				end = LocalDate.parse(until.strip());
			}
			catch (DateTimeParseException e) {
				errors.put("until", "must be a date (yyyy-mm-dd)");
			}
		}
		if (errors.isEmpty()) {
			try {
				AccessRequest request = requests.submit(user,
						new AccessRequests.Submission(pkg, beneficiary, justification, end, null));
				redirect.addFlashAttribute("success", "Requested " + request.packageName() + ": it waits for approval.");
				return "redirect:/access/requests/" + request.id();
			}
			catch (DomainException.InvalidInput | DomainException.Unprocessable e) {
				errors.putAll(e.fieldErrors());
			}
			catch (DomainException e) {
				errors.put("package", e.getMessage());
			}
		}
		return catalogPage(user, pkg, errors, model);
	}

	@GetMapping("/access/mine")
	String mine(@AuthenticationPrincipal AppUser user, Model model) {
		model.addAttribute("held", requests.held(user).stream().map(r -> RequestRow.of(r, times)).toList());
		model.addAttribute("heldKeys", requests.held(user).stream().map(AccessRequest::packageKey).toList());
		model.addAttribute("requests", requests.involving(user).stream().map(r -> RequestRow.of(r, times)).toList());
		return "access/mine";
	}

	@GetMapping("/access/requests/{id}")
	String request(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, Model model) {
		AccessRequests.RequestView view = requests.get(user, id);
		AccessRequest r = view.request();
		model.addAttribute("r", r);
		model.addAttribute("status", r.status().value());
		model.addAttribute("statusCss", css(r.status()));
		model.addAttribute("submitted", times.when(r.submittedAt()));
		model.addAttribute("until", r.expiresAt() == null ? null : times.at(r.expiresAt()));
		model.addAttribute("history", view.history().stream()
			.map(d -> new HistoryRow(d.decision(), d.actor(), d.actingFor(), d.reason(), d.step(),
					d.to().value(), times.when(d.decidedAt()), times.iso(d.decidedAt())))
			.toList());
		String me = user.getUsername();
		boolean party = me.equals(r.requestedBy()) || me.equals(r.beneficiary());
		model.addAttribute("mayDecide", r.status() == AccessRequestStatus.SUBMITTED && !party);
		model.addAttribute("mayCancel", r.status() == AccessRequestStatus.SUBMITTED && party);
		model.addAttribute("mayRevoke", r.status() == AccessRequestStatus.APPROVED && user.hasRole(Role.ADMIN));
		model.addAttribute("mayAttach", r.status() == AccessRequestStatus.SUBMITTED && party);
		model.addAttribute("attachments", requests.attachments(user, id).stream()
			.map(a -> new AttachmentRow(a.filename(), "/access/requests/" + id + "/attachments/" + a.id(), a.contentType(),
					a.size() < 1024 ? a.size() + " B" : (a.size() + 1023) / 1024 + " KB", a.uploadedBy(),
					times.when(a.uploadedAt())))
			.toList());
		return "access/request";
	}

	/** One attachment of a request, as its page lists it. */
	record AttachmentRow(String filename, String href, String contentType, String size, String uploadedBy, String when) {
	}

	@PostMapping("/access/requests/{id}/attachments")
	String attach(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@RequestParam(name = "file", required = false) MultipartFile file, RedirectAttributes redirect) {
		try {
			Attachment stored = AccessAttachmentsApiController.store(requests, user, id, file);
			redirect.addFlashAttribute("success", stored.filename() + " is attached.");
		}
		catch (DomainException.NotFound e) {
			throw e;
		}
		catch (DomainException e) {
			redirect.addFlashAttribute("error", e.fieldErrors().isEmpty() ? e.getMessage()
					: "The file " + String.join(", ", e.fieldErrors().values()) + ".");
		}
		catch (ObjectStoreUnavailableException e) {
			redirect.addFlashAttribute("error", "Attachments cannot be stored right now; try again in a minute.");
		}
		return "redirect:/access/requests/" + id;
	}

	@GetMapping("/access/requests/{id}/attachments/{attachmentId}")
	ResponseEntity<InputStreamResource> download(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@PathVariable UUID attachmentId) {
		return AccessAttachmentsApiController.download(requests.attachment(user, id, attachmentId));
	}

	/** One line of a request's history. */
	record HistoryRow(String decision, String actor, String actingFor, String reason, int step, String status, String when,
			String iso) {
	}

	@PostMapping("/access/requests/{id}/{action}")
	String act(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, @PathVariable String action,
			@RequestParam(required = false) Integer version, @RequestParam(required = false) String reason,
			RedirectAttributes redirect) {
		try {
			AccessRequest moved = switch (action) {
				case "approve" -> requests.approve(user, id, version, reason);
				case "reject" -> requests.reject(user, id, version, reason);
				case "cancel" -> requests.cancel(user, id, version, reason);
				case "revoke" -> requests.revoke(user, id, version, reason);
				default -> throw new DomainException.NotFound("No such action.");
			};
			redirect.addFlashAttribute("success", "The request is " + moved.status().value()
					+ (moved.status() == AccessRequestStatus.SUBMITTED ? " (step " + moved.step() + " waits)" : "") + ".");
		}
		catch (DomainException.NotFound e) {
			throw e;
		}
		catch (DomainException e) {
			redirect.addFlashAttribute("error", e.getMessage());
		}
		return "redirect:/access/requests/" + id;
	}

	private String catalogPage(AppUser user, String selected, Map<String, String> errors, Model model) {
		model.addAttribute("packages", requests.requestable(user));
		model.addAttribute("selected", selected);
		model.addAttribute("errors", errors);
		return "access/catalog";
	}

	static String css(AccessRequestStatus status) {
		return switch (status) {
			case SUBMITTED -> "text-bg-warning";
			case APPROVED -> "text-bg-success";
			case REJECTED, REVOKED -> "text-bg-danger";
			case CANCELLED, EXPIRED -> "text-bg-secondary";
		};
	}
}
