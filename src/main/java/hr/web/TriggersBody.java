package hr.web;

import hr.HrTriggers;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of a triggers save: the whole settings, as a PUT says them. A trigger left out is off (as
 * an offset left out is), and {@code version} may be left out when {@code If-Match} names it: a body
 * bound straight to {@link HrTriggers} refused both, its primitives having no "absent".
 */
@Schema(name = "HrTriggersUpdate", description = "The tenant's HR triggers as a whole: a trigger or offset left out is "
		+ "off. Name the version you replace with If-Match or \"version\" (both given must agree).")
record TriggersBody(Boolean moverOnChange, Boolean leaverOnLastDay, Boolean joinerOnRehire,
		@Schema(nullable = true, minimum = "-180", maximum = "180") Integer joinerDaysBeforeStart,
		@Schema(nullable = true, minimum = "-180", maximum = "180") Integer leaverDaysBeforeLastDay,
		@Schema(nullable = true, minimum = "-180", maximum = "180") Integer postOffboardingDaysAfter,
		Integer version) {

	HrTriggers triggers() {
		return new HrTriggers(Boolean.TRUE.equals(moverOnChange), Boolean.TRUE.equals(leaverOnLastDay),
				Boolean.TRUE.equals(joinerOnRehire), joinerDaysBeforeStart, leaverDaysBeforeLastDay, postOffboardingDaysAfter,
				version == null ? 0 : version);
	}
}
