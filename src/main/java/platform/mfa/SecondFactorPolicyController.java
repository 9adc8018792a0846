package platform.mfa;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import platform.AdminOnly;
import platform.AppUser;
import platform.DomainException;

/** The tenant ADMIN's two-factor policy page: nobody, ADMINs or everyone must use a second factor. */
@Controller
@AdminOnly
class SecondFactorPolicyController {

	private final SecondFactors factors;

	SecondFactorPolicyController(SecondFactors factors) {
		this.factors = factors;
	}

	@GetMapping("/admin/two-factor")
	String page(@AuthenticationPrincipal AppUser admin, Model model) {
		model.addAttribute("policy", factors.policy(admin.tenantId()));
		model.addAttribute("available", factors.available());
		return "mfa/policy";
	}

	@PostMapping("/admin/two-factor")
	String save(@AuthenticationPrincipal AppUser admin, @RequestParam(defaultValue = "") String requiredFor,
			RedirectAttributes redirect) {
		try {
			factors.setPolicy(admin, requiredFor);
			redirect.addFlashAttribute("success", switch (requiredFor) {
				case "admins" -> "ADMINs must now use a second factor; those without one enrol at their next sign-in.";
				case "everyone" -> "Everyone must now use a second factor; those without one enrol at their next sign-in.";
				default -> "A second factor is now optional.";
			});
		}
		catch (DomainException.InvalidInput e) {
			redirect.addFlashAttribute("error", "Nothing was changed: choose nobody, admins or everyone.");
		}
		return "redirect:/admin/two-factor";
	}
}
