package notifications.delivery;

/** Works a mail sender's rounds from a test in another package (its round is package-private). */
public final class SenderRounds {

	private SenderRounds() {
	}

	/** Sends due mail until none is left; how many were attempted. */
	public static int work(MailDispatcher dispatcher) {
		int attempted = 0;
		for (int round = dispatcher.round(); round > 0; round = dispatcher.round()) {
			attempted += round;
		}
		return attempted;
	}
}
