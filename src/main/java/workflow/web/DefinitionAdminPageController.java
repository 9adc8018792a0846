package workflow.web;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;
import workflow.definition.DefinitionAdministration;
import workflow.definition.DefinitionChanges;
import workflow.definition.DefinitionEdit;
import workflow.definition.DefinitionEdit.StageEdit;
import workflow.definition.DefinitionVersion;

/**
 * The admin's definition editor: the current stages as a form (one row per stage, plus an empty
 * row to add one; a blank name removes a row), the version history with the changes of each
 * version. A refused save re-renders the form with the reasons next to the fields.
 */
@Controller
@AdminOnly
@RequestMapping("/admin/definitions")
class DefinitionAdminPageController {

	private final DefinitionAdministration definitions;
	private final StagePolicyForm policies;

	DefinitionAdminPageController(DefinitionAdministration definitions, StagePolicyForm policies) {
		this.definitions = definitions;
		this.policies = policies;
	}

	@GetMapping
	String list(@AuthenticationPrincipal AppUser admin, Model model) {
		model.addAttribute("definitions", definitions.list(admin.tenantId()));
		return "workflow/definitions";
	}

	@GetMapping("/{key}")
	String show(@AuthenticationPrincipal AppUser admin, @PathVariable String key, Model model) {
		DefinitionVersion current = definitions.current(admin.tenantId(), key);
		List<StageEdit> rows = new ArrayList<>(current.stages().stream()
			.map(s -> new StageEdit(s.name(), s.title(), s.kind().value(), s.assignee(), s.requiredApprovals(), s.slaHours(),
					s.grants(), s.distinctFrom(), StagePolicyForm.edit(s.reminders()), StagePolicyForm.edit(s.escalation())))
			.toList());
		return page(admin, key, current.version(), rows, current.requesterMayApprove(), Map.of(), model);
	}

	@PostMapping("/{key}")
	String save(@AuthenticationPrincipal AppUser admin, @PathVariable String key, @RequestParam Map<String, String> form,
			RedirectAttributes redirect, Model model) {
		List<StageEdit> all = new ArrayList<>();
		// JSON that does not parse, by stage name and field: said next to its field (which keeps what
		// was typed), nothing is saved
		Map<String, String> unreadable = new java.util.LinkedHashMap<>();
		Map<String, String> typed = new java.util.HashMap<>();
		for (int i = 0; form.containsKey("stages[" + i + "].name"); i++) {
			String at = "stages[" + i + "].";
			String name = form.get(at + "name");
			typed.put(name + ".reminders", form.get(at + "reminders"));
			typed.put(name + ".escalation", form.get(at + "escalation"));
			all.add(new StageEdit(name, form.get(at + "title"), form.get(at + "kind"), form.get(at + "assignee"),
					number(form.get(at + "requiredApprovals")), number(form.get(at + "slaHours")),
					Arrays.stream(form.getOrDefault(at + "grants", "").split(",")).map(String::strip).filter(g -> !g.isEmpty()).toList(),
					form.get(at + "distinctFrom"),
					policies.reminders(form.get(at + "reminders"), problem -> unreadable.put(name + ".reminders", problem)),
					policies.escalation(form.get(at + "escalation"), problem -> unreadable.put(name + ".escalation", problem))));
		}
		Integer version = number(form.get("version"));
		// an unchecked box is not sent: the form always states the setting
		boolean requesterMayApprove = "true".equals(form.get("requesterMayApprove"));
		Moved moved = move(all, form.get("move"));
		List<StageEdit> rows = all.stream().filter(row -> row.name() != null && !row.name().isBlank()).toList();
		if (form.containsKey("move")) {
			// a move re-renders the edited form in its new order; only a save makes a version
			if (moved != null) {
				model.addAttribute("success", moved.message() + " Save to make the new order a version.");
				model.addAttribute("focus", moved.focus());
			}
			return page(admin, key, version, rows, requesterMayApprove, Map.of(), model);
		}
		if (!unreadable.isEmpty()) {
			Map<String, String> errors = new java.util.LinkedHashMap<>();
			Map<String, String> kept = new java.util.HashMap<>();
			List<String> said = new ArrayList<>();
			for (int i = 0; i < rows.size(); i++) {
				for (String field : List.of("reminders", "escalation")) {
					String problem = unreadable.get(rows.get(i).name() + "." + field);
					if (problem != null) {
						errors.put("stages[" + i + "]." + field, problem);
						kept.put("stages[" + i + "]." + field, typed.get(rows.get(i).name() + "." + field));
						said.add("stage " + rows.get(i).name() + ", " + field + ": " + problem);
					}
				}
			}
			model.addAttribute("typed", kept);
			model.addAttribute("error", "The definition was not saved: " + String.join("; ", said));
			return page(admin, key, version, rows, requesterMayApprove, errors, model);
		}
		try {
			DefinitionVersion saved = definitions.save(admin, key, new DefinitionEdit(null, version, rows, requesterMayApprove));
			redirect.addFlashAttribute("success", "Saved as version " + saved.version() + "; running runs keep their version.");
			return "redirect:/admin/definitions/" + key;
		}
		catch (DomainException.Unprocessable e) {
			model.addAttribute("error", e.getMessage());
			return page(admin, key, version, rows, requesterMayApprove, e.fieldErrors(), model);
		}
		catch (DomainException.Conflict e) {
			redirect.addFlashAttribute("error", e.getMessage());
			return "redirect:/admin/definitions/" + key;
		}
	}

	private String page(AppUser admin, String key, Integer version, List<StageEdit> rows, boolean requesterMayApprove,
			Map<String, String> errors, Model model) {
		List<StageEdit> withBlank = new ArrayList<>(rows);
		withBlank.add(new StageEdit("", "", "approval", "", 1, null, List.of(), null, null, null));
		List<DefinitionVersion> versions = definitions.versions(admin.tenantId(), key);
		model.addAttribute("key", key);
		model.addAttribute("current", versions.get(0));
		model.addAttribute("version", version);
		model.addAttribute("rows", withBlank);
		model.addAttribute("requesterMayApprove", requesterMayApprove);
		model.addAttribute("errors", errors);
		model.addAttribute("policies", policies);
		if (!model.containsAttribute("typed")) {
			model.addAttribute("typed", Map.of());
		}
		model.addAttribute("groups", definitions.groups(admin.tenantId()));
		model.addAttribute("history", IntStream.range(0, versions.size())
			.mapToObj(i -> new History(versions.get(i), DefinitionChanges.between(
					i + 1 < versions.size() ? versions.get(i + 1) : null, versions.get(i))))
			.toList());
		return "workflow/definition";
	}

	/**
	 * Applies a Move up / Move down button ({@code "<row>:up"} or {@code "<row>:down"}) to the rows
	 * as edited; says what moved and which button keeps the focus, or null when the form was not a
	 * move (or names no row that can).
	 */
	static Moved move(List<StageEdit> rows, String move) {
		if (move == null || !move.matches("\\d{1,4}:(up|down)")) {
			return null;
		}
		int from = Integer.parseInt(move.substring(0, move.indexOf(':')));
		int to = move.endsWith(":up") ? from - 1 : from + 1;
		if (from >= rows.size() || to < 0 || to >= rows.size() || blank(rows.get(from)) || blank(rows.get(to))) {
			return null;
		}
		StageEdit stage = rows.remove(from);
		rows.add(to, stage);
		String name = stage.title() != null && !stage.title().isBlank() ? stage.title() : stage.name();
		String direction = move.substring(move.indexOf(':') + 1);
		return new Moved("Moved " + (name == null || name.isBlank() ? "the new stage" : "\u201c" + name + "\u201d")
				+ " to position " + (to + 1) + ".", to + ":" + direction);
	}

	private static boolean blank(StageEdit row) {
		return row.name() == null || row.name().isBlank();
	}

	/** What a move did, and the button (row and direction) that keeps the keyboard focus. */
	record Moved(String message, String focus) {
	}

	/** A version and what it changed. */
	record History(DefinitionVersion version, List<String> changes) {
	}

	private static Integer number(String text) {
		if (text == null || text.isBlank()) {
			return null;
		}
		try {
			return Integer.valueOf(text.strip());
		}
		catch (NumberFormatException e) {
			return -1;
		}
	}
}
