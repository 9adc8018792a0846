package platform.temporal;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import platform.RuntimeRoles;
import platform.TemporalProperties;
import platform.TemporalWorkerContributor;

/**
 * The Temporal client for every instance and, in the worker role, one worker on the configured
 * task queue with whatever the modules contribute.
 */
@Configuration
class TemporalConfiguration {

	private static final Logger log = LoggerFactory.getLogger(TemporalConfiguration.class);

	@Bean(destroyMethod = "shutdown")
	WorkflowServiceStubs workflowServiceStubs(TemporalProperties properties,
			ObjectProvider<EmbeddedTemporalTarget> embedded) {
		String target = properties.embedded() ? embedded.getObject().target() : properties.target();
		log.info("Temporal frontend: {} (namespace {})", target, properties.namespace());
		return WorkflowServiceStubs.newServiceStubs(WorkflowServiceStubsOptions.newBuilder().setTarget(target).build());
	}

	@Bean
	WorkflowClient workflowClient(WorkflowServiceStubs stubs, TemporalProperties properties) {
		return WorkflowClient.newInstance(stubs,
				WorkflowClientOptions.newBuilder().setNamespace(properties.namespace()).build());
	}

	@Bean
	TemporalWorkerLifecycle temporalWorkerLifecycle(WorkflowClient client, TemporalProperties properties,
			RuntimeRoles roles, List<TemporalWorkerContributor> contributors) {
		return new TemporalWorkerLifecycle(client, properties.taskQueue(), roles.worker(), contributors);
	}

	/** Matches when no {@code temporal.target} is configured. */
	static final class EmbeddedTemporalCondition implements Condition {

		@Override
		public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
			return !StringUtils.hasText(context.getEnvironment().getProperty("temporal.target"));
		}
	}

	/**
	 * Starts the worker once the application is ready (after every startup check passed, so a
	 * refused configuration never polls a task queue) and stops it before the client goes away.
	 */
	static final class TemporalWorkerLifecycle implements SmartLifecycle {

		private final WorkflowClient client;
		private final String taskQueue;
		private final boolean enabled;
		private final List<TemporalWorkerContributor> contributors;
		private WorkerFactory factory;

		TemporalWorkerLifecycle(WorkflowClient client, String taskQueue, boolean enabled,
				List<TemporalWorkerContributor> contributors) {
			this.client = client;
			this.taskQueue = taskQueue;
			this.enabled = enabled;
			this.contributors = contributors;
		}

		// the first start waits for readiness; a restarted (paused) context starts at once
		private boolean readyOnce;

		@EventListener(ApplicationReadyEvent.class)
		public synchronized void ready() {
			readyOnce = true;
			start();
		}

		@Override
		public synchronized void start() {
			if (!readyOnce || !enabled || contributors.isEmpty() || factory != null) {
				return;
			}
			factory = WorkerFactory.newInstance(client);
			Worker worker = factory.newWorker(taskQueue);
			contributors.forEach(contributor -> contributor.contribute(worker));
			factory.start();
			log.info("Temporal worker started on task queue {}", taskQueue);
		}

		@Override
		public synchronized void stop() {
			if (factory != null) {
				factory.shutdown();
				factory.awaitTermination(10, TimeUnit.SECONDS);
				factory = null;
			}
		}

		@Override
		public synchronized boolean isRunning() {
			return factory != null;
		}
	}
}
