package platform.mode;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import platform.StartupRefusedException;

/** The one readable message for a refused configuration (registered in META-INF/spring.factories). */
@Order(Ordered.HIGHEST_PRECEDENCE)
class StartupRefusedFailureAnalyzer extends AbstractFailureAnalyzer<StartupRefusedException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, StartupRefusedException cause) {
		return new FailureAnalysis("JML Hub refused to start: " + cause.problem(), cause.action(), cause);
	}
}
