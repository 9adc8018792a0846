package platform.mfa;

import java.util.List;

import jakarta.servlet.http.HttpSession;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import platform.AppUser;
import platform.DomainException;

/**
 * The signed-in user's second factor: the code page after the password, and the enrolment page
 * (QR code, the secret as text, a first code to confirm; then the recovery codes, shown once).
 */
@Controller
class SecondFactorPageController {

	private final SecondFactors factors;

	SecondFactorPageController(SecondFactors factors) {
		this.factors = factors;
	}

	@GetMapping(SecondFactorGate.VERIFY_PATH)
	String verifyPage() {
		return "mfa/verify";
	}

	@PostMapping(SecondFactorGate.VERIFY_PATH)
	String verify(@AuthenticationPrincipal AppUser user, @RequestParam(defaultValue = "") String code, HttpSession session,
			Model model) {
		SecondFactors.Check check = factors.verify(user, code);
		if (!check.accepted()) {
			model.addAttribute("codeError", check.retryAfterSeconds() > 0
					? "Too many wrong codes. Wait " + check.retryAfterSeconds() + " s and try again."
					: "That code is not right (or was used already). Type the current code of your authenticator app, or a recovery code.");
			return "mfa/verify";
		}
		session.setAttribute(SecondFactorGate.PASSED, SecondFactorGate.identity(user));
		Object target = session.getAttribute(SecondFactorGate.TARGET);
		session.removeAttribute(SecondFactorGate.TARGET);
		return "redirect:" + (target instanceof String path && path.startsWith("/") && !path.startsWith("//") ? path : "/");
	}

	@GetMapping(SecondFactorGate.ENROL_PATH)
	String enrolment(@AuthenticationPrincipal AppUser user, Model model) {
		return fill(user, model);
	}

	@PostMapping(SecondFactorGate.ENROL_PATH)
	String confirm(@AuthenticationPrincipal AppUser user, @RequestParam(defaultValue = "") String code, HttpSession session,
			Model model) {
		List<String> recoveryCodes = factors.confirm(user, code);
		if (recoveryCodes.isEmpty()) {
			model.addAttribute("codeError", "That code is not right. Type the 6-digit code your authenticator app shows now.");
			return fill(user, model);
		}
		session.setAttribute(SecondFactorGate.PASSED, SecondFactorGate.identity(user));
		model.addAttribute("recoveryCodes", recoveryCodes);
		return "mfa/recovery-codes";
	}

	@PostMapping(SecondFactorGate.ENROL_PATH + "/disable")
	String disable(@AuthenticationPrincipal AppUser user, @RequestParam(defaultValue = "") String code,
			RedirectAttributes redirect) {
		try {
			if (factors.disable(user, code)) {
				redirect.addFlashAttribute("success", "Two-factor sign-in is off.");
			}
			else {
				redirect.addFlashAttribute("error", "Nothing was changed: that code is not right.");
			}
		}
		catch (DomainException.Conflict e) {
			redirect.addFlashAttribute("error", "Nothing was changed: " + e.getMessage());
		}
		return "redirect:" + SecondFactorGate.ENROL_PATH;
	}

	private String fill(AppUser user, Model model) {
		String status = factors.status(user);
		model.addAttribute("status", status);
		if ("enrolled".equals(status)) {
			model.addAttribute("recoveryCodesLeft", factors.unusedRecoveryCodes(user));
		}
		else if (factors.available()) {
			model.addAttribute("enrolment", factors.startEnrolment(user));
		}
		return "mfa/enrol";
	}
}
