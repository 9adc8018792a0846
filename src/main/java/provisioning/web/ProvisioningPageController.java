package provisioning.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
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
import platform.ExpectedVersion;
import provisioning.settings.Entitlement;
import provisioning.settings.EntitlementSettings;
import provisioning.settings.ProvisioningSettings;
import provisioning.settings.Target;
import provisioning.settings.TargetSettings;

/**
 * The admin's provisioning settings in the console: the targets and the entitlements, each
 * listed and edited one at a time. A save sends the whole list, the edited entry changed, through
 * {@link ProvisioningSettings} as the API does (same validation, a new audited version, the
 * version the form was read at expected); a refused save re-renders the form with the reasons
 * next to the fields and writes nothing. A bind password is never rendered: the field is always
 * empty, and left empty it keeps the stored one.
 */
@Controller
@AdminOnly
@RequestMapping("/admin/provisioning")
class ProvisioningPageController {

	static final List<String> PROFILES = List.of(Target.OPENLDAP);

	static final List<String> UNDOS = List.of(Entitlement.DELETE, Entitlement.DISABLE);

	static final List<String> TARGET_FIELDS = List.of("key", "url", "bindDn", "bindPassword", "baseDn", "peopleOu", "profile");

	static final List<String> ENTITLEMENT_FIELDS = List.of("grant", "target", "naming", "attributes", "groups",
			"departmentGroups", "undo", "disabledOu", "revokes", "deleteAfterDays", "enableOnStartDate");

	/** What each field expects, under it. */
	static final Map<String, String> HINTS = Map.ofEntries(
			Map.entry("key", "How entitlements name this directory: lower-case letters, digits, - and _."),
			Map.entry("url", "ldap://host:port or ldaps://host:port"),
			Map.entry("bindDn", "The account the hub signs in to the directory as, such as cn=admin,dc=example,dc=org"),
			Map.entry("baseDn", "The root of the directory, such as dc=example,dc=org"),
			Map.entry("peopleOu", "Accounts live under this OU of the base DN, such as ou=people"),
			Map.entry("grant", "The grant a stage gives, as the workflow definition names it, such as accounts"),
			Map.entry("naming", "The RDN of the account: attribute={placeholder}, such as uid={username} or cn={displayName}. "
					+ "Placeholders: username, displayName, givenName, surname, email, employeeNumber, department, title, manager."),
			Map.entry("attributes", "One a line: name = template, such as title = {title}; added to the defaults."),
			Map.entry("groups", "One group DN a line: every account of this grant is a member."),
			Map.entry("departmentGroups", "One a line: Department = group DN; employees of that department are members too."),
			Map.entry("disabledOu", "Where disabled accounts go, one RDN under the base DN; empty means ou=disabled."),
			Map.entry("deleteAfterDays", "A revocation only: the disabled accounts are deleted this many days after the disable "
					+ "(0-3650); empty keeps them."));

	private final ProvisioningSettings settings;

	ProvisioningPageController(ProvisioningSettings settings) {
		this.settings = settings;
	}

	/** A target as the form holds it (never a password). */
	record TargetForm(String key, String url, String bindDn, boolean bindPasswordSet, String baseDn, String peopleOu,
			String profile) {

		static TargetForm of(Target target) {
			return new TargetForm(target.key(), target.url(), target.bindDn(), Boolean.TRUE.equals(target.bindPasswordSet()),
					target.baseDn(), target.peopleOu(), target.profile());
		}
	}

	/** An entitlement as the form holds it: its maps and lists as lines of text. */
	record EntitlementForm(String grant, String target, String naming, boolean ouFromDepartment, String attributes,
			String groups, String departmentGroups, String undo, String disabledOu, boolean revokes, String deleteAfterDays,
			boolean enableOnStartDate) {

		static EntitlementForm of(Entitlement entitlement) {
			return new EntitlementForm(entitlement.grant(), entitlement.target(), entitlement.naming(),
					Boolean.TRUE.equals(entitlement.ouFromDepartment()), SettingsForms.attributesText(entitlement),
					String.join("\n", entitlement.groups()), SettingsForms.departmentGroupsText(entitlement),
					entitlement.undo() == null ? Entitlement.DELETE : entitlement.undo(), entitlement.disabledOu(),
					entitlement.revoking(), entitlement.deleteAfterDays() == null ? "" : entitlement.deleteAfterDays().toString(),
					Boolean.TRUE.equals(entitlement.enableOnStartDate()));
		}
	}

	@GetMapping
	String overview(@AuthenticationPrincipal AppUser admin, Model model) {
		TargetSettings targets = settings.targets(admin.tenantId());
		EntitlementSettings entitlements = settings.entitlements(admin.tenantId());
		model.addAttribute("targets", targets);
		model.addAttribute("entitlements", entitlements);
		model.addAttribute("entitlementIndexes", IntStream.range(0, entitlements.entitlements().size()).boxed().toList());
		return "provisioning/settings";
	}

	@GetMapping("/targets/new")
	String newTarget(@AuthenticationPrincipal AppUser admin, Model model) {
		TargetSettings current = settings.targets(admin.tenantId());
		return targetForm(new TargetForm("", "ldap://", "", false, "", "ou=people", Target.OPENLDAP), null,
				current.version(), Map.of(), model);
	}

	@GetMapping("/targets/{key}")
	String editTarget(@AuthenticationPrincipal AppUser admin, @PathVariable String key, Model model) {
		TargetSettings current = settings.targets(admin.tenantId());
		Target target = current.targets().stream().filter(t -> t.key().equals(key)).findFirst()
			.orElseThrow(() -> new DomainException.NotFound("There is no target " + key + "."));
		return targetForm(TargetForm.of(target), key, current.version(), Map.of(), model);
	}

	/** Saves one target: {@code original} names the one edited (blank: a new one). */
	@PostMapping("/targets")
	String saveTarget(@AuthenticationPrincipal AppUser admin, @RequestParam(required = false) Integer version,
			@RequestParam(defaultValue = "") String original, @RequestParam(defaultValue = "") String key,
			@RequestParam(defaultValue = "") String url, @RequestParam(defaultValue = "") String bindDn,
			@RequestParam(defaultValue = "") String bindPassword, @RequestParam(defaultValue = "") String baseDn,
			@RequestParam(defaultValue = "") String peopleOu, @RequestParam(defaultValue = "") String profile, Model model,
			RedirectAttributes redirect) {
		TargetSettings current = settings.targets(admin.tenantId());
		List<Target> targets = new ArrayList<>(current.targets());
		Target edited = new Target(key.strip(), url.strip(), bindDn.strip(), bindPassword.isEmpty() ? null : bindPassword,
				null, baseDn.strip(), peopleOu.strip(), profile);
		int index = IntStream.range(0, targets.size()).filter(i -> targets.get(i).key().equals(original)).findFirst()
			.orElse(-1);
		if (index < 0) {
			index = targets.size();
			targets.add(edited);
		}
		else {
			// without a new password the service keeps the stored one of the same key
			targets.set(index, edited);
		}
		boolean stored = index < current.targets().size() && Boolean.TRUE.equals(current.targets().get(index).bindPasswordSet());
		TargetForm form = new TargetForm(edited.key(), edited.url(), edited.bindDn(), stored && original.equals(edited.key()),
				edited.baseDn(), edited.peopleOu(), edited.profile());
		try {
			TargetSettings saved = settings.saveTargets(admin, ExpectedVersion.fromForm(version), targets);
			redirect.addFlashAttribute("success", "Target " + edited.key() + " was saved (version " + saved.version() + ").");
			return "redirect:/admin/provisioning";
		}
		catch (DomainException.InvalidInput e) {
			return targetForm(form, blankToNull(original), version, fieldsOf(e.fieldErrors(), "targets[" + index + "]."), model);
		}
		catch (DomainException.Conflict e) {
			model.addAttribute("error", e.getMessage());
			return targetForm(form, blankToNull(original), version, Map.of(), model);
		}
	}

	@GetMapping("/entitlements/new")
	String newEntitlement(@AuthenticationPrincipal AppUser admin, Model model) {
		EntitlementSettings current = settings.entitlements(admin.tenantId());
		return entitlementForm(admin, new EntitlementForm("", "", "uid={username}", true, "", "", "", Entitlement.DELETE, "",
				false, "", false),
				null, current.version(), Map.of(), model);
	}

	@GetMapping("/entitlements/{index}")
	String editEntitlement(@AuthenticationPrincipal AppUser admin, @PathVariable int index, Model model) {
		EntitlementSettings current = settings.entitlements(admin.tenantId());
		if (index < 0 || index >= current.entitlements().size()) {
			throw new DomainException.NotFound("There is no entitlement " + index + ".");
		}
		return entitlementForm(admin, EntitlementForm.of(current.entitlements().get(index)), index, current.version(),
				Map.of(), model);
	}

	/** Saves one entitlement: {@code index} is its place in the list read at {@code version} (absent: a new one). */
	@PostMapping("/entitlements")
	String saveEntitlement(@AuthenticationPrincipal AppUser admin, @RequestParam(required = false) Integer version,
			@RequestParam(required = false) Integer index, @RequestParam(defaultValue = "") String grant,
			@RequestParam(defaultValue = "") String target, @RequestParam(defaultValue = "") String naming,
			@RequestParam(defaultValue = "false") boolean ouFromDepartment, @RequestParam(defaultValue = "") String attributes,
			@RequestParam(defaultValue = "") String groups, @RequestParam(defaultValue = "") String departmentGroups,
			@RequestParam(defaultValue = "") String undo, @RequestParam(defaultValue = "") String disabledOu,
			@RequestParam(defaultValue = "false") boolean revokes, @RequestParam(defaultValue = "") String deleteAfterDays,
			@RequestParam(defaultValue = "false") boolean enableOnStartDate, Model model, RedirectAttributes redirect) {
		EntitlementForm form = new EntitlementForm(grant.strip(), target, naming.strip(), ouFromDepartment, attributes, groups,
				departmentGroups, undo, disabledOu.strip(), revokes, deleteAfterDays.strip(), enableOnStartDate);
		Map<String, String> formErrors = new LinkedHashMap<>();
		Map<String, String> attributeMap = new LinkedHashMap<>();
		SettingsForms.pairs(attributes, "attributes", "name = template, such as title = {title}", formErrors)
			.forEach((name, templates) -> attributeMap.put(name, templates.get(templates.size() - 1)));
		Map<String, List<String>> departmentMap = SettingsForms.pairs(departmentGroups, "departmentGroups",
				"Department = group DN", formErrors);
		Integer days = SettingsForms.days(form.deleteAfterDays(), "deleteAfterDays", formErrors);
		if (!formErrors.isEmpty()) {
			model.addAttribute("error", "Nothing was saved: correct the fields marked below.");
			return entitlementForm(admin, form, index, version, formErrors, model);
		}
		Entitlement edited = new Entitlement(form.grant(), target, form.naming(), ouFromDepartment, attributeMap,
				SettingsForms.lines(groups), departmentMap, SettingsForms.blankToNull(undo), SettingsForms.blankToNull(disabledOu),
				revokes ? Boolean.TRUE : null, days, enableOnStartDate ? Boolean.TRUE : null);
		EntitlementSettings current = settings.entitlements(admin.tenantId());
		List<Entitlement> entitlements = new ArrayList<>(current.entitlements());
		int at = index != null && index >= 0 && index < entitlements.size() ? index : entitlements.size();
		if (at == entitlements.size()) {
			entitlements.add(edited);
		}
		else {
			entitlements.set(at, edited);
		}
		try {
			EntitlementSettings saved = settings.saveEntitlements(admin, ExpectedVersion.fromForm(version), entitlements);
			redirect.addFlashAttribute("success", "The entitlement " + edited.grant() + " on " + edited.target()
					+ " was saved (version " + saved.version() + ").");
			return "redirect:/admin/provisioning";
		}
		catch (DomainException.InvalidInput e) {
			return entitlementForm(admin, form, index, version, fieldsOf(e.fieldErrors(), "entitlements[" + at + "]."), model);
		}
		catch (DomainException.Conflict e) {
			model.addAttribute("error", e.getMessage());
			return entitlementForm(admin, form, index, version, Map.of(), model);
		}
	}

	private String targetForm(TargetForm form, String original, Integer version, Map<String, String> errors, Model model) {
		refused(errors, model);
		model.addAttribute("target", form);
		model.addAttribute("original", original);
		model.addAttribute("version", version);
		model.addAttribute("errors", errors);
		model.addAttribute("otherErrors", others(errors, TARGET_FIELDS));
		model.addAttribute("hints", HINTS);
		model.addAttribute("profiles", PROFILES);
		return "provisioning/target";
	}

	private String entitlementForm(AppUser admin, EntitlementForm form, Integer index, Integer version,
			Map<String, String> errors, Model model) {
		refused(errors, model);
		model.addAttribute("entitlement", form);
		model.addAttribute("index", index);
		model.addAttribute("version", version);
		model.addAttribute("errors", errors);
		model.addAttribute("otherErrors", others(errors, ENTITLEMENT_FIELDS));
		model.addAttribute("hints", HINTS);
		model.addAttribute("targetKeys", settings.targets(admin.tenantId()).targets().stream().map(Target::key).toList());
		model.addAttribute("undos", UNDOS);
		return "provisioning/entitlement";
	}

	private static void refused(Map<String, String> errors, Model model) {
		if (!errors.isEmpty() && model.getAttribute("error") == null) {
			model.addAttribute("error", "Nothing was saved: correct the fields marked below.");
		}
	}

	/**
	 * The errors of the edited entry by field name (its {@code prefix} taken off); an error of
	 * another entry or of the whole list is kept under its own name, shown above the form.
	 */
	static Map<String, String> fieldsOf(Map<String, String> errors, String prefix) {
		Map<String, String> fields = new LinkedHashMap<>();
		errors.forEach((field, message) -> fields.put(field.startsWith(prefix) ? field.substring(prefix.length()) : field,
				message));
		return fields;
	}

	/** The errors no field of the form shows: of another entry, or of the whole list. */
	private static List<String> others(Map<String, String> errors, List<String> fields) {
		return errors.entrySet().stream().filter(error -> !fields.contains(error.getKey()))
			.map(error -> error.getKey() + " " + error.getValue() + ".").toList();
	}

	private static String blankToNull(String text) {
		return SettingsForms.blankToNull(text);
	}
}
