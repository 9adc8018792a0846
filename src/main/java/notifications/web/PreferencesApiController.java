package notifications.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import notifications.NotificationChoice;
import notifications.preferences.NotificationPreferences;
import notifications.preferences.NotificationPreferences.KindPreference;
import platform.AppUser;

/** The caller's notification preferences: per kind, immediate, in the daily digest, or off. */
@RestController
@RequestMapping("/v1/me/notifications")
@Tag(name = "Notification preferences", description = """
		How the caller gets each kind of mail: immediately, once a day in a digest, or not at all. A kind the \
		caller has not chosen for is immediate. Assignments (and escalations) cannot be turned off, only \
		digested. A disabled user gets no mail whatever they chose.""")
class PreferencesApiController {

	private final NotificationPreferences preferences;

	PreferencesApiController(NotificationPreferences preferences) {
		this.preferences = preferences;
	}

	record PreferencesBody(@Schema(description = "Kind → choice (immediate, digest or off); kinds not named keep their choice",
			example = "{\"run_completed\": \"digest\", \"run_rejected\": \"off\"}") Map<String, String> preferences) {
	}

	record KindView(@Schema(description = "The kind's name, as in preferences") String kind,
			@Schema(description = "What people call it") String label, NotificationChoice choice,
			@Schema(description = "Whether off is allowed (assignments and escalations: only immediate or digest)") boolean mayTurnOff,
			@Schema(description = "The choices this kind allows") List<NotificationChoice> choices) {
	}

	record PreferencesView(@Schema(description = "Every kind → its current choice (what PUT takes)") Map<String, String> preferences,
			@Schema(description = "Every kind with its choice and what it allows") List<KindView> kinds) {

		static PreferencesView of(List<KindPreference> current) {
			Map<String, String> choices = new LinkedHashMap<>();
			current.forEach(preference -> choices.put(preference.kind().value(), preference.choice().value()));
			return new PreferencesView(choices, current.stream()
				.map(preference -> new KindView(preference.kind().value(), preference.kind().label(), preference.choice(),
						preference.mayTurnOff(), preference.choices()))
				.toList());
		}
	}

	@GetMapping
	@Operation(summary = "The caller's choice for every kind of mail, and which kinds may be turned off")
	@ApiResponse(responseCode = "200", description = "Every kind with its current choice")
	@ApiResponse(responseCode = "404", description = "The caller is no user of the tenant (an API token gets no mail)")
	PreferencesView get(@AuthenticationPrincipal AppUser user) {
		return PreferencesView.of(preferences.of(user));
	}

	@PutMapping
	@Operation(summary = "Set the caller's choice for the kinds named (the others keep theirs); audited")
	@ApiResponse(responseCode = "200", description = "Every kind with its choice now")
	@ApiResponse(responseCode = "400", description = "An unknown kind or choice, or off for a kind that cannot be turned off "
			+ "(`errors` names each as preferences.<kind>); nothing was saved")
	@ApiResponse(responseCode = "404", description = "The caller is no user of the tenant (an API token gets no mail)")
	PreferencesView put(@AuthenticationPrincipal AppUser user, @RequestBody PreferencesBody body) {
		return PreferencesView.of(preferences.change(user, body.preferences()));
	}
}
