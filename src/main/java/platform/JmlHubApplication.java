package platform;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.modulith.Modulithic;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * JML Hub. The top-level packages are the application modules; {@code platform} hosts the
 * application class, the others are listed as additional packages (see
 * {@link platform.modulith.TopLevelPackageDetectionStrategy}).
 */
@SpringBootApplication(scanBasePackages = { "platform", "hr", "workflow", "outbox", "jobs", "provisioning", "notifications", "access" })
@ConfigurationPropertiesScan(basePackages = { "platform", "hr", "workflow", "outbox", "jobs", "provisioning", "notifications", "access" })
@Modulithic(systemName = "JML Hub", additionalPackages = { "hr", "workflow", "outbox", "jobs", "provisioning", "notifications", "access" })
public class JmlHubApplication {

	public static void main(String[] args) {
		SpringApplication.run(JmlHubApplication.class, args);
	}
}
