package provisioning.ports;

import java.util.Map;

import org.springframework.stereotype.Component;

import platform.Badge;
import platform.Badge.Tone;

/**
 * Effect statuses and account states as badges, for every page that shows them. A status this
 * map does not know yet (the vocabulary grows) still shows, in a quiet tone.
 */
@Component
public class EffectBadges {

	private static final Map<String, Tone> TONES = Map.of(
			"applied", Tone.SUCCESS,
			"failed", Tone.DANGER,
			"applying", Tone.PRIMARY,
			"scheduled", Tone.INFO,
			"planned", Tone.INFO,
			"undone", Tone.SECONDARY,
			"skipped", Tone.SECONDARY);

	public Badge of(String status) {
		String value = status == null ? "unknown" : status;
		return new Badge(value.replace('_', ' '), TONES.getOrDefault(value, Tone.LIGHT));
	}

	/** Whether the account exists after the write the receipt read back. */
	public Badge account(boolean exists) {
		return exists ? new Badge("present", Tone.SUCCESS) : new Badge("absent", Tone.SECONDARY);
	}
}
