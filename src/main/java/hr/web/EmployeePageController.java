package hr.web;

import java.time.Clock;
import java.util.List;
import java.util.UUID;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import hr.ChangeSource;
import hr.Employee;
import hr.EmployeeAccounts;
import hr.EmployeeCommands.Hire;
import hr.EmployeeCommands.Offboard;
import hr.EmployeeCommands.StartRun;
import hr.EmployeeCommands.Transfer;
import hr.EmployeeCommands.Update;
import hr.EmployeeQuery;
import hr.EmployeeService;
import hr.EmployeeStatus;
import outbox.catalog.RunDefinition;
import platform.ConsoleTime;
import platform.DomainException;
import platform.ExpectedVersion;
import platform.Htmx;
import platform.Role;
import platform.AppUser;

/**
 * HR console pages (role HR, enforced by the platform security chain for /hr/**). Forms are
 * validated on the server; errors render inline next to their fields and nothing is written.
 */
@Controller
@RequestMapping("/hr/employees")
class EmployeePageController {

	private final EmployeeService employees;
	private final Clock clock;
	private final ConsoleTime times;
	private final EmployeeAccounts accounts;

	/** The accounts come from the module that provisions them, when the application has one (see {@link EmployeeAccounts}). */
	EmployeePageController(EmployeeService employees, Clock clock, ConsoleTime times,
			ObjectProvider<EmployeeAccounts> accounts) {
		this.employees = employees;
		this.clock = clock;
		this.times = times;
		this.accounts = accounts.getIfAvailable(() -> (tenantId, employeeId) -> List.of());
	}

	@GetMapping
	String list(@AuthenticationPrincipal AppUser user, @RequestParam(required = false) String status,
			@RequestParam(required = false) String q, @RequestParam(required = false) String cursor,
			HttpServletRequest request, Model model) {
		model.addAttribute("page", employees.list(user.tenantId(),
				new EmployeeQuery(EmployeeApiController.status(status), null, q, cursor, EmployeeQuery.DEFAULT_LIMIT)));
		model.addAttribute("q", q);
		model.addAttribute("status", status);
		model.addAttribute("statuses", EmployeeStatus.VALUES);
		model.addAttribute("names", FormWords.names(employees.managers(user.tenantId())));
		return Htmx.isRequest(request) ? "hr/employees :: results" : "hr/employees";
	}

	@GetMapping("/new")
	String newEmployee(@AuthenticationPrincipal AppUser user, Model model) {
		model.addAttribute("hire", new Hire(null, null, null, null, null, null));
		return form(user, model);
	}

	@PostMapping
	String hire(@AuthenticationPrincipal AppUser user, @Valid @ModelAttribute("hire") Hire hire,
			BindingResult errors, Model model, RedirectAttributes redirect) {
		if (errors.hasErrors()) {
			return form(user, model);
		}
		try {
			Employee created = employees.hire(user.tenantId(), user.getUsername(), hire, ChangeSource.CONSOLE);
			redirect.addFlashAttribute("success", created.displayName() + " was added; the joiner run it asks for is listed below.");
			return "redirect:/hr/employees/" + created.id();
		}
		catch (DomainException.InvalidInput e) {
			e.fieldErrors().forEach((field, message) -> errors.rejectValue(field, "invalid", FormWords.message(field, message, times)));
			return form(user, model);
		}
		catch (DomainException.Conflict e) {
			errors.rejectValue("employeeNumber", "taken", e.getMessage());
			return form(user, model);
		}
	}

	@GetMapping("/{id}")
	String show(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, Model model) {
		Employee employee = employees.get(user.tenantId(), id);
		if (!model.containsAttribute("transfer")) {
			model.addAttribute("transfer", new Transfer(employee.department(), employee.manager(), employee.version()));
		}
		if (!model.containsAttribute("offboard")) {
			model.addAttribute("offboard", new Offboard(null, employee.version()));
		}
		model.addAttribute("employee", employee);
		model.addAttribute("managers", employees.managers(user.tenantId()));
		model.addAttribute("names", FormWords.names(employees.managers(user.tenantId())));
		model.addAttribute("runs", employees.runs(user.tenantId(), id));
		model.addAttribute("accounts", accounts.of(user.tenantId(), id));
		model.addAttribute("admin", user.hasRole(Role.ADMIN));
		model.addAttribute("definitions", RunDefinition.values());
		model.addAttribute("history", employees.history(user.tenantId(), id, null, EmployeeQuery.DEFAULT_LIMIT));
		model.addAttribute("fieldLabels", FormWords.fieldLabels());
		// a change's values are stored as the API writes them (ISO dates): the page writes dates its one way
		model.addAttribute("historyValue", (java.util.function.Function<String, String>) value -> value == null ? "—"
				: FormWords.message("", value, times));
		return "hr/employee";
	}

	@PostMapping("/{id}/runs")
	String requestRun(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@ModelAttribute StartRun request, RedirectAttributes redirect) {
		try {
			employees.requestRun(user.tenantId(), user.getUsername(), id, request.runDefinition());
			redirect.addFlashAttribute("success", "A " + request.runDefinition().key() + " run was requested; it starts shortly and is listed below.");
		}
		catch (DomainException.Conflict | DomainException.InvalidInput e) {
			redirect.addFlashAttribute("error", "No run was started: " + (e.fieldErrors().isEmpty() ? e.getMessage()
					: String.join("; ", e.fieldErrors().values())));
		}
		return "redirect:/hr/employees/" + id;
	}

	/**
	 * The edit form of the employee's editable fields; with {@code run} (from a returned run in
	 * HR's queue) saving it also resubmits that run with the new data.
	 */
	@GetMapping("/{id}/edit")
	String edit(@AuthenticationPrincipal AppUser user, @PathVariable UUID id, @RequestParam(required = false) UUID run,
			Model model) {
		Employee employee = employees.get(user.tenantId(), id);
		model.addAttribute("update", new Update(employee.displayName(), employee.department(), employee.manager(),
				employee.title(), employee.startDate(), employee.lastDay(), employee.version(), run, employee.employeeNumber(),
				employee.location(), employee.costCentre()));
		return editForm(user, employee, model);
	}

	@PostMapping("/{id}/edit")
	String update(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@Valid @ModelAttribute("update") Update update, BindingResult errors, Model model,
			RedirectAttributes redirect) {
		if (update == null || model.getAttribute("update") == null) {
			// a value could not even be converted (version=abc, a date that is none): nothing is saved and the
			// form comes back with the stored values and the fields that could not be read
			Employee employee = employees.get(user.tenantId(), id);
			model.asMap().remove(BindingResult.MODEL_KEY_PREFIX + "update");
			model.addAttribute("update", new Update(employee.displayName(), employee.department(), employee.manager(),
					employee.title(), employee.startDate(), employee.lastDay(), employee.version(), null,
					employee.employeeNumber(), employee.location(), employee.costCentre()));
			model.addAttribute("error", "Nothing was saved: " + FormWords.labels(errors.getFieldErrors().stream()
				.map(FieldError::getField).toList()) + " could not be read.");
			return editForm(user, employee, model);
		}
		if (!errors.hasErrors()) {
			try {
				employees.update(user.tenantId(), user.getUsername(), id, update);
				if (update.resubmitRunId() != null) {
					redirect.addFlashAttribute("success", update.displayName() + " was saved; the run is resubmitted with the new data.");
					// the run page waits a while (from this moment) for the resubmit the workflow records from the edit's event
					return "redirect:/runs/" + update.resubmitRunId() + "?resubmitted=" + clock.millis();
				}
				redirect.addFlashAttribute("success", update.displayName() + " was saved.");
				return "redirect:/hr/employees/" + id;
			}
			catch (DomainException.InvalidInput e) {
				e.fieldErrors().forEach((field, message) -> errors.rejectValue(field, "invalid", FormWords.message(field, message, times)));
			}
			catch (DomainException.Conflict e) {
				model.addAttribute("error", e.getMessage());
			}
		}
		return editForm(user, employees.get(user.tenantId(), id), model);
	}

	@PostMapping("/{id}/transfer")
	String transfer(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@Valid @ModelAttribute("transfer") Transfer transfer, BindingResult errors, Model model,
			RedirectAttributes redirect) {
		return write(user, id, errors, model, redirect, "The transfer was recorded; the mover run it asks for is listed below.",
				() -> employees.transfer(user.tenantId(), user.getUsername(), id, transfer.move(), ExpectedVersion.fromForm(transfer.version()),
						ChangeSource.CONSOLE));
	}

	@PostMapping("/{id}/offboard")
	String offboard(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@Valid @ModelAttribute("offboard") Offboard offboard, BindingResult errors, Model model,
			RedirectAttributes redirect) {
		return write(user, id, errors, model, redirect,
				"The employee is leaving as of the last day; the leaver run it asks for is listed below. You can cancel the offboarding here until then.",
				() -> employees.offboard(user.tenantId(), user.getUsername(), id, offboard, ExpectedVersion.fromForm(offboard.version()),
						ChangeSource.CONSOLE));
	}

	/** Cancels a scheduled offboarding; its leaver run is withdrawn through the outbox. */
	@PostMapping("/{id}/offboarding/cancel")
	String cancelOffboarding(@AuthenticationPrincipal AppUser user, @PathVariable UUID id,
			@RequestParam(required = false) Integer version, RedirectAttributes redirect) {
		try {
			employees.cancelOffboarding(user.tenantId(), id, version, user.getUsername(), ChangeSource.CONSOLE);
			redirect.addFlashAttribute("success", "The offboarding was cancelled; its leaver run is being withdrawn.");
		}
		catch (DomainException.Conflict e) {
			redirect.addFlashAttribute("error", "The offboarding was not cancelled: " + e.getMessage());
		}
		return "redirect:/hr/employees/" + id;
	}

	private String write(AppUser user, UUID id, BindingResult errors, Model model, RedirectAttributes redirect,
			String success, Runnable action) {
		if (!errors.hasErrors()) {
			try {
				action.run();
				redirect.addFlashAttribute("success", success);
				return "redirect:/hr/employees/" + id;
			}
			catch (DomainException.InvalidInput e) {
				e.fieldErrors().forEach((field, message) -> errors.rejectValue(field, "invalid", FormWords.message(field, message, times)));
			}
			catch (DomainException.Conflict e) {
				model.addAttribute("error", e.getMessage());
			}
		}
		return show(user, id, model);
	}

	private String editForm(AppUser user, Employee employee, Model model) {
		model.addAttribute("employee", employee);
		model.addAttribute("managers", employees.managers(user.tenantId()));
		return "hr/employee-edit";
	}

	private String form(AppUser user, Model model) {
		model.addAttribute("managers", employees.managers(user.tenantId()));
		return "hr/employee-form";
	}
}
