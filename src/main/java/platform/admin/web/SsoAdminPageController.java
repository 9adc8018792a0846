package platform.admin.web;

import java.util.ArrayList;
import java.util.List;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;
import platform.security.SsoAdministration;
import platform.security.SsoAdministration.SsoRequest;
import platform.security.SsoSettings.Mapping;

/**
 * The tenant's single sign-on in the console: one form for issuer, client, claims, local
 * passwords and the mappings (one per line: {@code claim value = ROLE / group}). A refused save
 * re-renders the form with the reasons; nothing is saved then.
 */
@Controller
@AdminOnly
@RequestMapping("/admin/sso")
class SsoAdminPageController {

	private final SsoAdministration sso;

	SsoAdminPageController(SsoAdministration sso) {
		this.sso = sso;
	}

	@GetMapping
	String show(@AuthenticationPrincipal AppUser admin, Model model) {
		var view = sso.get(admin.tenantId());
		model.addAttribute("sso", view);
		model.addAttribute("mappingText", String.join("\n", view.mappings().stream()
			.map(m -> m.claimValue() + " = " + (m.role() == null ? "" : m.role()) + " / " + (m.group() == null ? "" : m.group()))
			.toList()));
		model.addAttribute("errors", java.util.Map.of());
		model.addAttribute("redirectUri", redirectUri(admin));
		return "admin/sso";
	}

	/** The callback the identity provider must allow for this tenant (the client registration's redirect URI). */
	private static String redirectUri(AppUser admin) {
		return ServletUriComponentsBuilder.fromCurrentContextPath().path("/login/oauth2/code/{tenant}")
			.buildAndExpand(admin.tenantId()).toUriString();
	}

	@PostMapping
	String save(@AuthenticationPrincipal AppUser admin, @RequestParam(defaultValue = "") String issuerUri,
			@RequestParam(defaultValue = "") String clientId, @RequestParam(defaultValue = "") String clientSecret,
			@RequestParam(defaultValue = "email") String emailClaim, @RequestParam(defaultValue = "groups") String groupsClaim,
			@RequestParam(defaultValue = "false") boolean localPasswords, @RequestParam(defaultValue = "") String mappings,
			Model model, RedirectAttributes redirect) {
		List<Mapping> parsed = new ArrayList<>();
		for (String line : mappings.split("\\R")) {
			if (line.isBlank()) {
				continue;
			}
			String[] valueAndRest = line.split("=", 2);
			String[] roleAndGroup = (valueAndRest.length > 1 ? valueAndRest[1] : "").split("/", 2);
			parsed.add(new Mapping(valueAndRest[0].strip(), blankToNull(roleAndGroup[0]),
					roleAndGroup.length > 1 ? blankToNull(roleAndGroup[1]) : null));
		}
		try {
			sso.save(admin, new SsoRequest(issuerUri, clientId, clientSecret.isEmpty() ? null : clientSecret, emailClaim,
					groupsClaim, localPasswords, parsed));
			redirect.addFlashAttribute("success", "Single sign-on was saved.");
			return "redirect:/admin/sso";
		}
		catch (DomainException.InvalidInput | DomainException.Unprocessable e) {
			model.addAttribute("error", "Nothing was saved: " + String.join("; ", e.fieldErrors().entrySet().stream()
				.map(x -> SsoFormWords.say(x.getKey(), x.getValue())).toList()));
			model.addAttribute("errors", e.fieldErrors());
			// a secret stored before stays stored; one typed now stays in the field so it need not be typed again
			boolean secretStored = sso.get(admin.tenantId()).clientSecretSet();
			model.addAttribute("sso", new SsoAdministration.SsoView(false, issuerUri, clientId, secretStored, emailClaim,
					groupsClaim, localPasswords, parsed));
			model.addAttribute("mappingText", mappings);
			model.addAttribute("clientSecret", clientSecret);
			model.addAttribute("redirectUri", redirectUri(admin));
			return "admin/sso";
		}
	}

	private static String blankToNull(String text) {
		return text == null || text.isBlank() ? null : text.strip();
	}
}
