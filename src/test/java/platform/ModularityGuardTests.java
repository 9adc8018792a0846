package platform;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.core.Violations;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * Proves the guards can fail: with the test-only fixture {@code hr.ForbiddenDependencyFixture}
 * (which reaches into a module {@code hr} may not use) imported, {@code verify()} must throw; with
 * {@code workflow.definition.RoomCycleFixture} (which closes a cycle between two rooms) imported,
 * the rule that a module's rooms are free of cycles must fail.
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

	@Test
	void theRoomRuleFailsOnAPlantedCycle() {
		ImportOption mainAndFixture = location -> !location.contains("/test-classes/")
				|| location.contains("RoomCycleFixture");
		var classes = new ClassFileImporter().withImportOption(mainAndFixture).importPackages("workflow");
		assertThatThrownBy(() -> ModularityTests.roomsAreFreeOfCycles("workflow").check(classes))
			.isInstanceOf(AssertionError.class)
			.hasMessageContaining("Cycle detected: workflow.definition")
			.hasMessageContaining("RoomCycleFixture");
	}
}
