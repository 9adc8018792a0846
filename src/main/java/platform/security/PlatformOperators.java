package platform.security;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Who is a platform operator: a user granted in {@code platform_operators} (the bootstrap admin;
 * {@code ada} in the demo) or named in {@code JMLHUB_OPERATORS}, either as {@code user@tenant} or
 * as a bare {@code user} (that username in any tenant).
 */
@Component
class PlatformOperators {

	private final Set<String> configured;
	private final OperatorRepository repository;

	PlatformOperators(@Value("${jmlhub.operators:}") List<String> configured, OperatorRepository repository) {
		this.configured = configured.stream().map(String::strip).filter(s -> !s.isEmpty()).collect(Collectors.toUnmodifiableSet());
		this.repository = repository;
	}

	boolean isOperator(String tenantId, String username) {
		return configured.contains(username) || configured.contains(username + "@" + tenantId)
				|| repository.isOperator(tenantId, username);
	}
}
