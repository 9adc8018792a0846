package access.web;

import java.util.List;
import java.util.Map;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import access.AccessCatalog;
import access.AccessCatalogSettings;
import access.AccessPackage;
import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;
import platform.ExpectedVersion;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The access catalog (ADMIN): the packages as the API takes them, edited as one JSON document and
 * saved as a new, audited version; each bad field is named under the editor, nothing saved. The
 * requests per package and the access ending soon are on the insights page ({@link AccessInsights}).
 */
@Controller
@AdminOnly
@RequestMapping("/admin/access-packages")
class AccessCatalogPageController {

	private final AccessCatalog catalog;
	private final JsonMapper json;

	AccessCatalogPageController(AccessCatalog catalog, JsonMapper json) {
		this.catalog = catalog;
		this.json = json;
	}

	@GetMapping
	String show(@AuthenticationPrincipal AppUser admin, Model model) {
		AccessCatalogSettings current = catalog.packages(admin.tenantId());
		String document = json.rebuild().enable(SerializationFeature.INDENT_OUTPUT).build()
			.writeValueAsString(current.packages());
		return page(admin, current.version(), document, Map.of(), model);
	}

	@PostMapping
	String save(@AuthenticationPrincipal AppUser admin, @RequestParam(required = false) Integer version,
			@RequestParam(required = false) String document, Model model, RedirectAttributes redirect) {
		List<AccessPackage> packages;
		try {
			packages = json.readValue(document == null || document.isBlank() ? "[]" : document,
					new TypeReference<List<AccessPackage>>() {
					});
		}
		catch (JacksonException e) {
			return page(admin, version, document, Map.of("document", "is not a JSON list of packages: " + e.getOriginalMessage()),
					model);
		}
		try {
			AccessCatalogSettings saved = catalog.save(admin, ExpectedVersion.fromForm(version), packages);
			redirect.addFlashAttribute("success", "Saved the access catalog as version " + saved.version() + ".");
			return "redirect:/admin/access-packages";
		}
		catch (DomainException e) {
			Map<String, String> errors = e.fieldErrors().isEmpty() ? Map.of("document", e.getMessage()) : e.fieldErrors();
			return page(admin, version, document, errors, model);
		}
	}

	private String page(AppUser admin, Integer version, String document, Map<String, String> errors, Model model) {
		model.addAttribute("version", version);
		model.addAttribute("document", document);
		model.addAttribute("errors", errors);
		return "access/admin-catalog";
	}
}
