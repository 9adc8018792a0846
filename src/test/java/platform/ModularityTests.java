package platform;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.modulith.core.ApplicationModule;
import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.docs.Documenter;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The module structure is the law: {@code verify()} must pass, the modules must be free of
 * cycles (not reported by {@code verify()} for root-package modules), so must the sub-packages
 * (rooms) inside each module, the busiest rooms expose a handful of types, and the committed module
 * documentation in {@code docs/modules} must match the code. Regenerate it with
 * {@code mvn test -Dtest=ModularityTests -Dmodules.docs.update=true}.
 */
class ModularityTests {

	static final ApplicationModules modules = ApplicationModules.of(JmlHubApplication.class);

	static final Path COMMITTED_DOCS = Path.of("docs/modules");

	@Test
	void theEightTopLevelPackagesAreTheModules() {
		assertThat(modules.stream().map(ApplicationModule::getBasePackage).map(p -> p.getName()))
			.containsExactlyInAnyOrder("hr", "workflow", "outbox", "jobs", "platform", "provisioning", "notifications", "access");
	}

	@Test
	void verifiesModularStructure() {
		modules.verify();
	}

	@Test
	void modulesAreFreeOfCycles() {
		var classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages("hr", "workflow", "outbox", "jobs", "platform", "provisioning", "notifications", "access");
		slices().matching("(*)..").should().beFreeOfCycles().check(classes);
	}

	/**
	 * Inside a module the sub-packages are rooms: their dependencies form no cycle either (the
	 * module's root package, its API, is in no room).
	 */
	@ParameterizedTest
	@ValueSource(strings = { "hr", "workflow", "outbox", "jobs", "platform", "provisioning", "notifications", "access" })
	void theRoomsOfEachModuleAreFreeOfCycles(String module) {
		var classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages(module);
		roomsAreFreeOfCycles(module).check(classes);
	}

	static ArchRule roomsAreFreeOfCycles(String module) {
		return slices().matching(module + ".(*)..").namingSlices(module + ".$1").should().beFreeOfCycles();
	}

	/**
	 * The projection and the start are used by most other rooms: they expose a handful of types
	 * (nested ones included) and keep the rest package-private.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "workflow.projection", "workflow.start" })
	void theProjectionAndTheStartExposeAHandfulOfTypes(String room) {
		var classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages(room);
		assertThat(classes.stream()
			.filter(type -> type.getPackageName().equals(room))
			.filter(type -> type.getModifiers().contains(JavaModifier.PUBLIC))
			.map(JavaClass::getName))
			.isNotEmpty()
			.hasSizeLessThanOrEqualTo(5);
	}

	@Test
	void hrAndWorkflowMeetOnlyInTheOutboxCatalog() {
		var flows = new EventFlowDocumentation(modules).flows();
		assertThat(flows).extracting(EventFlowDocumentation.Flow::type, EventFlowDocumentation.Flow::publishers,
				EventFlowDocumentation.Flow::consumers)
			.containsExactly(tuple("hr.employee.created", Set.of("hr"), Set.of("notifications", "workflow")),
					tuple("hr.employee.transferred", Set.of("hr"), Set.of("notifications", "workflow")),
					tuple("hr.employee.offboarded", Set.of("hr"), Set.of("notifications", "workflow")),
					tuple("hr.employee.run_requested", Set.of("hr"), Set.of("workflow")),
					tuple("hr.employee.offboarding_cancelled", Set.of("hr"), Set.of("notifications", "workflow")),
					tuple("hr.employee.updated", Set.of("hr"), Set.of("notifications", "workflow")),
					tuple("workflow.run.start_requested", Set.of("workflow"), Set.of("workflow")),
					tuple("workflow.stage.reminder_due", Set.of("workflow"), Set.of("notifications")),
					tuple("workflow.run.finished", Set.of("workflow"), Set.of("hr", "notifications")),
					tuple("workflow.grant.recorded", Set.of("access", "workflow"), Set.of("notifications", "provisioning")),
					tuple("workflow.approvers.changed", Set.of("workflow"), Set.of("workflow")),
					tuple("provisioning.access.revoked", Set.of("provisioning"), Set.of("access", "hr", "notifications")),
					tuple("workflow.stage.activated", Set.of("workflow"), Set.of("notifications")),
					tuple("workflow.run.returned", Set.of("workflow"), Set.of("notifications")),
					tuple("workflow.run.needs_admin", Set.of("workflow"), Set.of("notifications")),
					tuple("workflow.stage.notified", Set.of("workflow"), Set.of("notifications")),
					tuple("provisioning.effect.failed", Set.of("provisioning"), Set.of("notifications")),
					tuple("hr.employee.access_ending", Set.of("hr"), Set.of("notifications")),
					tuple("workflow.stage.escalation_warning", Set.of("workflow"), Set.of("notifications")),
					tuple("workflow.stage.escalated", Set.of("workflow"), Set.of("notifications")),
					tuple("access.request.changed", Set.of("access"), Set.of("notifications")),
					tuple("workflow.run.started", Set.of("workflow"), Set.of("notifications")),
					tuple("workflow.stage.decided", Set.of("workflow"), Set.of("notifications")));
	}

	@Test
	void committedModuleDocumentationIsCurrent() throws IOException {
		Path generated = Path.of("target/modulith-docs");
		new Documenter(modules, Documenter.Options.defaults().withOutputFolder(generated.toString()))
			.writeDocumentation(Documenter.DiagramOptions.defaults(), Documenter.CanvasOptions.defaults());
		new EventFlowDocumentation(modules).write(generated);
		if (Boolean.getBoolean("modules.docs.update")) {
			copy(generated, COMMITTED_DOCS);
		}
		assertThat(read(COMMITTED_DOCS))
			.as("docs/modules is stale: run mvn test -Dtest=ModularityTests -Dmodules.docs.update=true")
			.isEqualTo(read(generated));
	}

	private static Map<String, String> read(Path folder) throws IOException {
		Map<String, String> files = new TreeMap<>();
		if (!Files.isDirectory(folder)) {
			return files;
		}
		try (Stream<Path> paths = Files.list(folder)) {
			for (Path path : paths.filter(Files::isRegularFile).toList()) {
				// the Documenter writes relationships in no stable order: compare the lines as a sorted list
				files.put(path.getFileName().toString(),
						Files.readAllLines(path).stream().map(String::strip).filter(line -> !line.isEmpty()).sorted()
							.collect(Collectors.joining("\n")));
			}
		}
		return files;
	}

	private static void copy(Path from, Path to) throws IOException {
		if (Files.isDirectory(to)) {
			try (Stream<Path> old = Files.list(to)) {
				for (Path path : old.toList()) {
					Files.delete(path);
				}
			}
		}
		Files.createDirectories(to);
		try (Stream<Path> paths = Files.list(from)) {
			for (Path path : paths.filter(Files::isRegularFile).toList()) {
				Files.copy(path, to.resolve(path.getFileName()));
			}
		}
	}
}
