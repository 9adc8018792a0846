package notifications.intake;

/**
 * A subject line from parts that people typed (names, stage titles): line breaks and other control
 * characters become spaces, so no value can end the header and start another (header injection),
 * and it is cut to a length mail clients show.
 */
final class Subjects {

	static final int MAX_LENGTH = 200;

	private Subjects() {
	}

	static String of(String subject) {
		String line = subject.replaceAll("[\\p{Cntrl}\\u2028\\u2029]+", " ").replaceAll(" {2,}", " ").strip();
		return line.length() > MAX_LENGTH ? line.substring(0, MAX_LENGTH - 1) + "…" : line;
	}
}
