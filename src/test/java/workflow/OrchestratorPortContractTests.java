package workflow;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;

import workflow.engine.Orchestrator;

/**
 * The Orchestrator port writes and never reads: state comes from the PostgreSQL projection. A
 * read method (or any third method) added to the port fails this test; so does a Temporal type
 * outside the adapter package.
 */
class OrchestratorPortContractTests {

	@Test
	void thePortHasExactlyStartAndSignal() {
		assertThat(Arrays.stream(Orchestrator.class.getDeclaredMethods())
			.filter(method -> !method.isSynthetic() && !Modifier.isStatic(method.getModifiers()))
			.map(Method::getName)).containsExactlyInAnyOrder("start", "signal");
	}

	@Test
	void signalReturnsNothing() throws NoSuchMethodException {
		assertThat(Orchestrator.class.getMethod("signal", Orchestrator.DecisionSignal.class).getReturnType())
			.isEqualTo(void.class);
	}

	@Test
	void temporalTypesStayInTheAdapter() {
		var classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages("workflow");
		ArchRuleDefinition.noClasses()
			.that().resideOutsideOfPackage("workflow.engine.temporal..")
			.should().dependOnClassesThat().resideInAnyPackage("io.temporal..", "io.grpc..")
			.check(classes);
	}
}
