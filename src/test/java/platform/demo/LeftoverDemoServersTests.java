package platform.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A demo JVM killed with {@code kill -9} leaves its daemonised PostgreSQL running; the next start
 * stops it and deletes its data directory, and leaves the servers of JVMs that still run alone.
 */
class LeftoverDemoServersTests {

	@TempDir
	Path registry;

	@Test
	void theNextStartStopsTheServerOfAKilledJvmAndDeletesItsData() throws Exception {
		LeftoverDemoServers leftovers = new LeftoverDemoServers(registry);
		Path orphanData = leftovers.newDataDirectory();
		EmbeddedPostgres orphan = EmbeddedPostgres.builder().setDataDirectory(orphanData).setCleanDataDirectory(false).start();
		ProcessHandle postmaster = LeftoverDemoServers.postmaster(orphanData).orElseThrow();
		assertThat(postmaster.isAlive()).isTrue();

		Process killed = new ProcessBuilder("true").start();
		killed.waitFor();
		leftovers.register(killed.pid(), orphanData);
		Path liveData = leftovers.newDataDirectory();
		leftovers.register(ProcessHandle.current().pid(), liveData);

		assertThat(leftovers.stopLeftovers()).isEqualTo(1);

		await().atMost(Duration.ofSeconds(15)).until(() -> !postmaster.isAlive());
		assertThat(orphanData).doesNotExist();
		assertThat(registry.resolve(killed.pid() + ".properties")).doesNotExist();
		assertThat(liveData).as("a running JVM's server is left alone").exists();
		assertThat(registry.resolve(ProcessHandle.current().pid() + ".properties")).exists();
		assertThat(leftovers.stopLeftovers()).isZero();
		try {
			orphan.close();
		}
		catch (Exception e) {
			// already stopped by the cleanup
		}
		assertThat(Files.exists(orphanData)).isFalse();
	}
}
