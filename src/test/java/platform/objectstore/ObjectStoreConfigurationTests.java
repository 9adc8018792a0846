package platform.objectstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.mock.env.MockEnvironment;

import platform.ObjectStore;
import platform.RuntimeRoles;
import platform.StartupRefusedException;

/** Each misconfiguration of the object store is one message naming the variable to set; the defaults per mode. */
class ObjectStoreConfigurationTests {

	final ObjectStoreConfiguration configuration = new ObjectStoreConfiguration();

	@TempDir
	Path directory;

	static ObjectStoreSettings settings(String kind, String dir, ObjectStoreSettings.S3 s3) {
		return new ObjectStoreSettings(kind, dir, Duration.ofSeconds(5), s3);
	}

	static ObjectStoreSettings.S3 s3(String endpoint, String bucket, String accessKey, String secretKey) {
		return new ObjectStoreSettings.S3(endpoint, bucket, null, accessKey, secretKey, true);
	}

	static MockEnvironment production() {
		return new MockEnvironment();
	}

	static MockEnvironment demo() {
		return new MockEnvironment().withProperty("jmlhub.demo", "true");
	}

	@Test
	void nothingSetIsNoStoreInProductionAndTheDemoDirectoryInTheDemo() {
		ObjectStore none = configuration.objectStore(settings("", "", null), production());
		assertThat(none.configured()).isFalse();
		ObjectStore demo = configuration.objectStore(settings("", "", null), demo());
		assertThat(demo.configured()).isTrue();
		assertThat(demo.describe()).endsWith(Path.of("jmlhub-demo", "objects").toString());
		assertThat(configuration.objectStore(settings("FILESYSTEM", directory.toString(), null), production()).describe())
			.isEqualTo("directory " + directory);
	}

	@Test
	void anUnknownKindIsRefused() {
		assertRefused(settings("ftp", "", null), production(), "OBJECTSTORE_KIND is \"ftp\"", "filesystem, s3 or none");
	}

	@Test
	void aFilesystemStoreInProductionNeedsItsDirectoryAndOneItCanCreate() throws Exception {
		assertRefused(settings("filesystem", "", null), production(), "OBJECTSTORE_DIR is not set", "OBJECTSTORE_DIR");
		Path file = Files.writeString(directory.resolve("a-file"), "x");
		assertRefused(settings("filesystem", file.resolve("objects").toString(), null), production(), "cannot be created",
				"OBJECTSTORE_DIR");
	}

	@Test
	void anS3StoreNeedsItsBucketBothKeysOrNeitherAndAnHttpEndpoint() {
		assertRefused(settings("s3", "", s3("http://s3:9000", "", "a", "b")), production(), "OBJECTSTORE_S3_BUCKET is not set",
				"OBJECTSTORE_S3_BUCKET");
		assertRefused(settings("s3", "", s3("http://s3:9000", "files", "a", "")), production(),
				"Only one of OBJECTSTORE_S3_ACCESS_KEY and OBJECTSTORE_S3_SECRET_KEY", "both, or neither");
		assertRefused(settings("s3", "", s3("s3.example.com:9000", "files", "a", "b")), production(),
				"OBJECTSTORE_S3_ENDPOINT \"s3.example.com:9000\" is not an http(s) URL", "https://");
		assertRefused(settings("s3", "", s3("ftp://s3.example.com", "files", "a", "b")), production(), "is not an http(s) URL",
				"OBJECTSTORE_S3_ENDPOINT");
		try (S3ObjectStore store = (S3ObjectStore) configuration.objectStore(
				settings("s3", "", s3("https://s3.example.com:9000", "files", "a", "b")), production())) {
			assertThat(store.describe()).isEqualTo("S3 bucket files at https://s3.example.com:9000");
		}
	}

	@Test
	void theGateAsksOnlyAWorkerWithAStore() {
		ObjectStore gone = new FilesystemObjectStore(directory.resolve("never-created"));
		new ObjectStoreStartupGate(gone, new RuntimeRoles(Set.of("api"), null)).check();
		new ObjectStoreStartupGate(new UnconfiguredObjectStore(), new RuntimeRoles(Set.of("worker"), null)).check();
		assertThatThrownBy(() -> new ObjectStoreStartupGate(gone, new RuntimeRoles(Set.of("worker"), null)).check())
			.isInstanceOfSatisfying(StartupRefusedException.class, refusal -> {
				assertThat(refusal.problem()).contains("directory " + directory.resolve("never-created"));
				assertThat(refusal.action()).contains("OBJECTSTORE_");
			});
	}

	private void assertRefused(ObjectStoreSettings settings, MockEnvironment environment, String problem, String action) {
		assertThatThrownBy(() -> configuration.objectStore(settings, environment))
			.isInstanceOfSatisfying(StartupRefusedException.class, refusal -> {
				assertThat(refusal.problem()).contains(problem);
				assertThat(refusal.action()).contains(action);
			});
	}
}
