package platform;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.core.Violations;

import com.tngtech.archunit.core.importer.ImportOption;

/**
 * Proves the guard can fail: with the test-only fixture {@code hr.ForbiddenDependencyFixture}
 * (which reaches into a module {@code hr} may not use) imported, {@code verify()} must throw.
 */
class ModularityGuardTests {

	@Test
	void verifyFailsOnAForbiddenDependency() {
		ImportOption mainAndFixture = location -> !location.contains("/test-classes/")
				|| location.contains("ForbiddenDependencyFixture");
		var modules = ApplicationModules.of(JmlHubApplication.class, mainAndFixture);
		assertThatThrownBy(modules::verify).isInstanceOf(Violations.class)
			.hasMessageContaining("ForbiddenDependencyFixture");
	}
}
