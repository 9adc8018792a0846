package platform;

/**
 * A status as the console shows it: a short label on a colour. Every status badge goes through
 * this record and the one fragment {@code ~{fragments/badge :: badge(${badge})}}; each module's
 * web room maps its own statuses to badges.
 */
public record Badge(String label, Tone tone) {

	/** The colours a badge comes in, each a Bootstrap class. */
	public enum Tone {

		SUCCESS("text-bg-success"), DANGER("text-bg-danger"), WARNING("text-bg-warning"), INFO("text-bg-info"),
		PRIMARY("text-bg-primary"), SECONDARY("text-bg-secondary"), LIGHT("text-bg-light border");

		private final String css;

		Tone(String css) {
			this.css = css;
		}

		public String css() {
			return css;
		}
	}

	/** The badge of a stored value, labelled as the pages write it ("start failed", "timed out"). */
	public static Badge of(LowerCaseName value, Tone tone) {
		return new Badge(value.value().replace('_', ' '), tone);
	}

	/** The classes the fragment adds to {@code badge}. */
	public String css() {
		return tone.css();
	}
}
