package platform.modulith;

import java.util.stream.Stream;

import org.springframework.modulith.core.ApplicationModuleDetectionStrategy;
import org.springframework.modulith.core.JavaPackage;

/**
 * Our modules are top-level packages ({@code hr}, {@code workflow}, ...), listed as root packages
 * via {@code @Modulithic(additionalPackages)}. The default strategy would turn their
 * sub-packages into modules; this one makes each root package exactly one module.
 */
public class TopLevelPackageDetectionStrategy implements ApplicationModuleDetectionStrategy {

	@Override
	public Stream<JavaPackage> getModuleBasePackages(JavaPackage rootPackage) {
		return Stream.of(rootPackage);
	}
}
