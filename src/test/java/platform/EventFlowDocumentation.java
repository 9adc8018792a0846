package platform;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.springframework.core.ResolvableType;
import org.springframework.modulith.core.ApplicationModule;
import org.springframework.modulith.core.ApplicationModules;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import outbox.OutboxEventHandler;
import outbox.catalog.EventType;
import outbox.codec.EventCatalog;

/**
 * Documents the event flow between modules, read from the code: a module publishes a catalog
 * record when its classes construct it, and consumes it when one of its classes is the
 * {@link OutboxEventHandler} of that record. Spring Modulith's Documenter only sees Spring
 * application events, so it cannot draw what crosses the outbox; this adds an
 * {@code events.adoc} table and an {@code events.puml} diagram next to its output (and
 * includes them in {@code all-docs.adoc}).
 */
final class EventFlowDocumentation {

	record Flow(String type, Class<?> record, Set<String> publishers, Set<String> consumers) {
	}

	private final ApplicationModules modules;
	private final JavaClasses classes = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("hr", "workflow", "outbox", "jobs", "platform", "provisioning", "notifications", "access");

	EventFlowDocumentation(ApplicationModules modules) {
		this.modules = modules;
	}

	List<Flow> flows() {
		return new EventCatalog().types().stream()
			.map(record -> new Flow(record.getAnnotation(EventType.class).key(), record, publishers(record),
					consumers(record)))
			.toList();
	}

	void write(Path folder) throws IOException {
		List<Flow> flows = flows();
		StringBuilder table = new StringBuilder("""
				[%autowidth]
				|===
				|event type |record |published by |consumed by
				""");
		for (Flow flow : flows) {
			table.append("\n|`").append(flow.type()).append("` |`").append(flow.record().getSimpleName()).append("` |")
				.append(String.join(", ", flow.publishers())).append(" |").append(String.join(", ", flow.consumers()))
				.append('\n');
		}
		table.append("|===\n");
		StringBuilder diagram = new StringBuilder("@startuml\ntitle Events through the outbox catalog\n");
		diagram.append("component \"Outbox catalog\" as catalog\n");
		flows.stream().flatMap(f -> Stream.concat(f.publishers().stream(), f.consumers().stream()))
			.collect(Collectors.toCollection(TreeSet::new))
			.forEach(module -> diagram.append("component \"").append(module).append("\" as ").append(module).append('\n'));
		for (Flow flow : flows) {
			flow.publishers().forEach(module -> diagram.append(module).append(" --> catalog : ")
				.append(flow.record().getSimpleName()).append('\n'));
			flow.consumers().forEach(module -> diagram.append("catalog --> ").append(module).append(" : ")
				.append(flow.record().getSimpleName()).append('\n'));
		}
		diagram.append("@enduml\n");
		Files.createDirectories(folder);
		Files.writeString(folder.resolve("events.adoc"), "== Events\nplantuml::events.puml[,,format=svg]\n\n" + table);
		Files.writeString(folder.resolve("events.puml"), diagram.toString());
		Files.writeString(folder.resolve("all-docs.adoc"), "\ninclude::events.adoc[]\n", StandardOpenOption.APPEND);
	}

	private Set<String> publishers(Class<?> record) {
		return classes.get(record).getConstructorCallsToSelf().stream()
			.map(call -> call.getOriginOwner())
			.map(this::moduleOf)
			.filter(module -> !module.equals("outbox"))
			.collect(Collectors.toCollection(TreeSet::new));
	}

	private Set<String> consumers(Class<?> record) {
		return classes.stream()
			.filter(type -> type.isAssignableTo(OutboxEventHandler.class) && !type.getModifiers().contains(JavaModifier.ABSTRACT))
			.filter(type -> ResolvableType.forClass(type.reflect()).as(OutboxEventHandler.class).resolveGeneric(0) == record)
			.map(this::moduleOf)
			.collect(Collectors.toCollection(TreeSet::new));
	}

	private String moduleOf(JavaClass type) {
		return modules.getModuleByType(type.getName()).map(ApplicationModule::getIdentifier).map(Object::toString)
			.orElseThrow(() -> new IllegalStateException(type.getName() + " belongs to no module"));
	}
}
