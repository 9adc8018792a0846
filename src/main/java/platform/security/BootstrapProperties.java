package platform.security;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.StringUtils;

/**
 * The first tenant and its admin ({@code JMLHUB_BOOTSTRAP_*}); the password comes from
 * {@code adminPassword} or, for secrets mounted as files, {@code adminPasswordFile}.
 */
@ConfigurationProperties(prefix = "jmlhub.bootstrap")
record BootstrapProperties(String tenantId, String tenantName, String adminUsername, String adminPassword,
		String adminPasswordFile) {

	boolean anySet() {
		return StringUtils.hasText(tenantId) || StringUtils.hasText(tenantName) || StringUtils.hasText(adminUsername)
				|| StringUtils.hasText(adminPassword) || StringUtils.hasText(adminPasswordFile);
	}
}
