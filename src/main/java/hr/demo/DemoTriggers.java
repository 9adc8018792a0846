package hr.demo;

import java.util.List;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import hr.HrTriggers;
import hr.TriggerSettings;
import platform.ExpectedVersion;

/**
 * Switches the attribute triggers on for the demo's tenants (a department change starts a mover
 * run), once: a tenant whose admin saved settings keeps them.
 */
@Component
@ConditionalOnBooleanProperty("jmlhub.demo")
class DemoTriggers {

	/** The tenants the platform's demo seeder creates. */
	static final List<String> TENANTS = List.of("acme", "globex");

	static final HrTriggers DEMO = new HrTriggers(true, true, true, null, null, null, 0);

	private final TriggerSettings settings;

	DemoTriggers(TriggerSettings settings) {
		this.settings = settings;
	}

	@EventListener(ApplicationReadyEvent.class)
	void switchOn() {
		for (String tenant : TENANTS) {
			if (settings.get(tenant).version() == 0) {
				settings.save(tenant, "demo", DEMO, ExpectedVersion.fromForm(0));
			}
		}
	}
}
