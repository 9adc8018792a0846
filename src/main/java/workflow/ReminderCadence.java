package workflow;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * When the assignees of an active stage are reminded: {@code firstAfter} its activation, then
 * {@code every} (null: no repeat), at most {@code max} reminders in one round. A stage without a
 * cadence but with an SLA is reminded once when the SLA passes ({@link #ofSla}).
 */
public record ReminderCadence(Duration firstAfter, Duration every, int max) {

	/** The one reminder of a stage with an SLA and no cadence of its own. */
	public static ReminderCadence ofSla(Integer slaHours) {
		return slaHours == null ? null : new ReminderCadence(Duration.ofHours(slaHours), null, 1);
	}

	/** When reminder {@code number} (1-based) of a round activated at {@code activatedAt} is due. */
	public Instant dueAt(Instant activatedAt, int number) {
		Instant first = activatedAt.plus(firstAfter);
		return number <= 1 || every == null ? first : first.plus(every.multipliedBy(number - 1L));
	}

	/** How many reminders a round gets: {@code max}, or one without {@code every}. */
	public int count() {
		return every == null ? Math.min(1, max) : max;
	}

	/** The highest reminder number due at {@code now} (0: none yet). */
	public int dueNumber(Instant activatedAt, Instant now) {
		int due = 0;
		while (due < count() && !dueAt(activatedAt, due + 1).isAfter(now)) {
			due++;
		}
		return due;
	}

	/** The definition's JSON of it: durations as ISO-8601 text. */
	@JsonValue
	public Map<String, Object> json() {
		Map<String, Object> json = new LinkedHashMap<>();
		json.put("firstAfter", firstAfter.toString());
		if (every != null) {
			json.put("every", every.toString());
		}
		json.put("max", max);
		return json;
	}

	/** From {@link #json()}; null for null. */
	public static ReminderCadence of(Map<String, Object> json) {
		if (json == null) {
			return null;
		}
		Object every = json.get("every");
		return new ReminderCadence(Duration.parse((String) json.get("firstAfter")),
				every == null ? null : Duration.parse((String) every), ((Number) json.get("max")).intValue());
	}
}
