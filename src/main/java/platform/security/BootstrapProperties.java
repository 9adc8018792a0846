package platform.security;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.StringUtils;

/**
 * The first tenant and its admin ({@code JMLHUB_BOOTSTRAP_*}); the password comes from
 * {@code adminPassword} or, for secrets mounted as files, {@code adminPasswordFile}.
 * {@code adminGroups} (optional) also makes the admin an APPROVER in those groups, so a tenant
 * without other users yet can take a run through its approval stages.
 */
@ConfigurationProperties(prefix = "jmlhub.bootstrap")
record BootstrapProperties(String tenantId, String tenantName, String adminUsername, String adminPassword,
		String adminPasswordFile, List<String> adminGroups) {

	BootstrapProperties {
		adminGroups = adminGroups == null ? List.of()
				: adminGroups.stream().map(String::strip).filter(StringUtils::hasText).distinct().toList();
	}

	boolean anySet() {
		return StringUtils.hasText(tenantId) || StringUtils.hasText(tenantName) || StringUtils.hasText(adminUsername)
				|| StringUtils.hasText(adminPassword) || StringUtils.hasText(adminPasswordFile);
	}
}
