package hr;

/**
 * A tenant's HR triggers: which employee changes and which dates start a run (docs/hr.md,
 * "Triggers"). The change triggers are on or off; a time-based one is its offset in days (null: off):
 * a joiner run {@code joinerDaysBeforeStart} days before the start date, a leaver run
 * {@code leaverDaysBeforeLastDay} days before the last day, a post-offboarding (leaver) run
 * {@code postOffboardingDaysAfter} days after it. {@code version} counts the saved settings (0: never saved).
 */
public record HrTriggers(boolean moverOnChange, boolean leaverOnLastDay, boolean joinerOnRehire,
		Integer joinerDaysBeforeStart, Integer leaverDaysBeforeLastDay, Integer postOffboardingDaysAfter, int version) {

	/** The furthest an offset may reach, in days either way (as Entra's lifecycle workflows allow). */
	public static final int MAX_OFFSET_DAYS = 180;

	/** Every trigger off: a tenant whose admin never saved any. */
	public static final HrTriggers NONE = new HrTriggers(false, false, false, null, null, null, 0);

	/** Whether any time-based trigger is on. */
	public boolean timeBased() {
		return joinerDaysBeforeStart != null || leaverDaysBeforeLastDay != null || postOffboardingDaysAfter != null;
	}
}
