package provisioning.web;

import java.util.List;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.StringUtils;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import platform.AdminOnly;
import platform.AppUser;
import platform.Badge;
import platform.Page;
import provisioning.effects.Effects;
import provisioning.effects.ManagedAccount;
import provisioning.ports.EffectBadges;
import provisioning.ports.Receipts;
import provisioning.settings.ProvisioningSettings;
import provisioning.settings.Target;
import workflow.RunEffect.DirectoryState;

/**
 * The admin's Directory page: the accounts the hub manages, one per employee and target, as the
 * latest read-back receipt knows them (DN, groups, present or not, when it last changed), with the
 * run that made that change and the employee; filtered by target and by text (DN, name, email),
 * in pages of the platform's one cursor format.
 */
@Controller
@AdminOnly
class DirectoryPageController {

	static final int PAGE_SIZE = 50;

	private final Effects effects;
	private final ProvisioningSettings settings;
	private final Receipts receipts;
	private final EffectBadges badges;

	DirectoryPageController(Effects effects, ProvisioningSettings settings, Receipts receipts, EffectBadges badges) {
		this.effects = effects;
		this.settings = settings;
		this.receipts = receipts;
		this.badges = badges;
	}

	/** One line of the page: the account and what its state and last effect look like. */
	record Row(ManagedAccount account, DirectoryState state, Badge present, Badge status) {
	}

	@GetMapping("/admin/directory")
	String directory(@AuthenticationPrincipal AppUser admin, @RequestParam(required = false) String target,
			@RequestParam(required = false) String q, @RequestParam(required = false) String cursor, Model model) {
		List<String> targets = settings.targets(admin.tenantId()).targets().stream().map(Target::key).toList();
		String targetFilter = StringUtils.hasText(target) ? target.strip() : null;
		String text = StringUtils.hasText(q) ? q.strip() : null;
		Page<ManagedAccount> page = effects.accounts(admin.tenantId(), targetFilter, text, cursor, PAGE_SIZE);
		model.addAttribute("rows", page.items().stream().map(account -> {
			DirectoryState state = receipts.state(account.after());
			return new Row(account, state, badges.account(state.exists()), badges.of(account.status()));
		}).toList());
		model.addAttribute("nextCursor", page.nextCursor());
		model.addAttribute("targets", targets);
		model.addAttribute("target", targetFilter);
		model.addAttribute("q", text);
		model.addAttribute("paged", StringUtils.hasText(cursor));
		return "provisioning/directory";
	}
}
