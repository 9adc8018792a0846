package provisioning.effects;

import java.time.Clock;

import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.ApplicationContext;

import outbox.catalog.GrantRecorded;

/**
 * The running application's effect dispatcher built once more around another clock (the test's
 * {@code MutableClock}), with its own {@link Revocations} and {@link EffectPlanner} (a grant change
 * recorded at that time): a test moves time and works a round, nothing waits. The
 * application's own dispatcher keeps the real clock, so effects due only at the test's time are
 * this one's. Built by the application context (a child factory whose beans of the same names win),
 * so it follows the dispatcher's constructor as it changes.
 */
public final class DispatcherAtTime {

	private final EffectDispatcher dispatcher;

	private final EffectPlanner planner;

	public DispatcherAtTime(ApplicationContext context, Clock clock) {
		DefaultListableBeanFactory child = new DefaultListableBeanFactory(context.getAutowireCapableBeanFactory());
		RootBeanDefinition testClock = new RootBeanDefinition(Clock.class, () -> clock);
		testClock.setPrimary(true);
		child.registerBeanDefinition("clock", testClock);
		for (Class<?> type : new Class<?>[] { Revocations.class, EffectDispatcher.class, EffectPlanner.class }) {
			RootBeanDefinition definition = new RootBeanDefinition(type);
			definition.setPrimary(true);
			definition.setAutowireMode(AutowireCapableBeanFactory.AUTOWIRE_CONSTRUCTOR);
			child.registerBeanDefinition(type == Revocations.class ? "revocations"
					: type == EffectDispatcher.class ? "effectDispatcher" : "effectPlanner", definition);
		}
		this.dispatcher = child.getBean("effectDispatcher", EffectDispatcher.class);
		this.planner = child.getBean("effectPlanner", EffectPlanner.class);
	}

	/** Plans a recorded grant change at the clock's time, as the handler would then. */
	public boolean plan(String tenantId, GrantRecorded change) {
		return planner.plan(tenantId, change);
	}

	/**
	 * Works {@code tenantId}'s due effects at the clock's time until none is left, leaving the other
	 * tenants' (other test classes') effects to their own time; how many were attempted.
	 */
	public int work(String tenantId) {
		int attempted = 0;
		for (int round = dispatcher.round(tenantId); round > 0; round = dispatcher.round(tenantId)) {
			attempted += round;
		}
		return attempted;
	}

	/** Works due effects at the clock's time until none is left; how many were attempted. */
	public int work() {
		int attempted = 0;
		for (int round = dispatcher.round(); round > 0; round = dispatcher.round()) {
			attempted += round;
		}
		return attempted;
	}
}
