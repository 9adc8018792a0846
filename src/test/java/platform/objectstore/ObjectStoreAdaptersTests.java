package platform.objectstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import platform.ObjectStore;
import platform.ObjectStoreUnavailableException;
import platform.testing.S3Server;

/**
 * Both adapters against the real thing: a directory, and s3rver (a real S3-compatible server run as
 * its own process). The same contract for both; the S3 store going away and coming back; keys that
 * try to leave the store refused.
 */
class ObjectStoreAdaptersTests {

	static S3Server s3;

	@TempDir
	Path directory;

	@BeforeAll
	static void startS3() {
		s3 = S3Server.startNew();
	}

	@AfterAll
	static void stopS3() {
		if (s3 != null) {
			s3.close();
		}
	}

	static S3ObjectStore s3Store() {
		return new S3ObjectStore(new ObjectStoreSettings.S3(s3.endpoint(), S3Server.BUCKET, "us-east-1", S3Server.ACCESS_KEY,
				S3Server.SECRET_KEY, true), Duration.ofSeconds(10));
	}

	@Test
	void theS3StoreKeepsListsAndDeletesObjects() throws IOException {
		try (S3ObjectStore store = s3Store()) {
			contract(store);
		}
	}

	@Test
	void theFilesystemStoreKeepsListsAndDeletesObjects() throws IOException {
		FilesystemObjectStore store = new FilesystemObjectStore(directory.resolve("objects"));
		store.create();
		contract(store);
		assertThat(Files.walk(directory).filter(path -> path.toString().endsWith(".part"))).as("no leftovers").isEmpty();
	}

	private static void contract(ObjectStore store) throws IOException {
		store.probe();
		String prefix = "test-" + UUID.randomUUID() + "/";
		Instant before = Instant.now().minusSeconds(5);
		byte[] first = "first object".getBytes(StandardCharsets.UTF_8);
		store.put(prefix + "a", first, "text/plain");
		store.put(prefix + "b", new java.io.ByteArrayInputStream(new byte[70_000]), 70_000, "application/octet-stream");
		store.put("elsewhere-" + UUID.randomUUID(), first, "text/plain");

		try (InputStream in = store.open(prefix + "a").orElseThrow()) {
			assertThat(in.readAllBytes()).isEqualTo(first);
		}
		assertThat(store.open(prefix + "missing")).isEmpty();

		Instant later = Instant.now().plusSeconds(5);
		assertThat(store.list(prefix, later)).extracting(ObjectStore.StoredObject::key)
			.containsExactlyInAnyOrder(prefix + "a", prefix + "b");
		assertThat(store.list(prefix, later)).filteredOn(o -> o.key().endsWith("/b"))
			.extracting(ObjectStore.StoredObject::size).containsExactly(70_000L);
		assertThat(store.list(prefix, before)).as("written after 'olderThan'").isEmpty();

		store.put(prefix + "a", "replaced".getBytes(StandardCharsets.UTF_8), "text/plain");
		try (InputStream in = store.open(prefix + "a").orElseThrow()) {
			assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("replaced");
		}

		store.delete(prefix + "a");
		store.delete(prefix + "a");
		assertThat(store.open(prefix + "a")).isEmpty();
		assertThat(store.list(prefix, later)).extracting(ObjectStore.StoredObject::key).containsExactly(prefix + "b");

		for (String hostile : new String[] { "../outside", "a/../../outside", "/absolute", "a//b", "a\\b", "" }) {
			assertThatThrownBy(() -> store.put(hostile, first, "text/plain")).as(hostile)
				.isInstanceOf(IllegalArgumentException.class);
		}
	}

	@Test
	void aStoppedS3ServerIsUnavailableAndTheStoreComesBackWithItsObjects() throws IOException {
		try (S3ObjectStore store = s3Store()) {
			String key = "outage/" + UUID.randomUUID();
			store.put(key, "kept".getBytes(StandardCharsets.UTF_8), "text/plain");
			s3.stop();
			try {
				assertThatThrownBy(store::probe).isInstanceOf(ObjectStoreUnavailableException.class)
					.hasMessageContaining("S3 bucket attachments at " + s3.endpoint());
				assertThatThrownBy(() -> store.put(key + "-new", new byte[] { 1 }, "text/plain"))
					.isInstanceOf(ObjectStoreUnavailableException.class);
				assertThatThrownBy(() -> store.open(key)).isInstanceOf(ObjectStoreUnavailableException.class);
			}
			finally {
				s3.start();
			}
			store.probe();
			try (InputStream in = store.open(key).orElseThrow()) {
				assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("kept");
			}
		}
	}

	@Test
	void aMissingBucketIsUnavailableAndSaysSo() {
		try (S3ObjectStore store = new S3ObjectStore(new ObjectStoreSettings.S3(s3.endpoint(), "no-such-bucket", "us-east-1",
				S3Server.ACCESS_KEY, S3Server.SECRET_KEY, true), Duration.ofSeconds(10))) {
			assertThatThrownBy(store::probe).isInstanceOf(ObjectStoreUnavailableException.class)
				.hasMessageContaining("no-such-bucket");
		}
	}

	@Test
	void theFilesystemStoreIsUnavailableWhenItsDirectoryIsGone() throws IOException {
		Path root = directory.resolve("gone");
		FilesystemObjectStore store = new FilesystemObjectStore(root);
		store.create();
		store.probe();
		Files.delete(root);
		assertThatThrownBy(store::probe).isInstanceOf(ObjectStoreUnavailableException.class).hasMessageContaining(root.toString());
	}
}
