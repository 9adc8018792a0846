package jobs.assembly;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * What the HR import docs promise an operator after a crash during an apply: another instance
 * takes the dead one's lease of {@code hr_import_apply} over once its heartbeat is older than the
 * instance timeout, and a lease without a heartbeat row runs out the job's timeout plus the
 * runner's margin after its round started. The walk-through found the page saying 5 minutes while
 * the lease was 11.
 */
class JobLeaseDocumentationTests {

	@Test
	void theImportDocsSayHowLongTheDeadInstancesLeaseOfTheApplyHolds() throws IOException {
		String yml = Files.readString(Path.of("src/main/resources/application.yml"));
		Matcher timeoutDefault = Pattern.compile("\\$\\{JOBS_HR_IMPORT_APPLY_TIMEOUT:(\\d+)m}").matcher(yml);
		assertThat(timeoutDefault.find()).as("the apply job's timeout default in application.yml").isTrue();
		Duration timeout = Duration.ofMinutes(Long.parseLong(timeoutDefault.group(1)));

		String docs = Files.readString(Path.of("docs/hr-import.md")).replaceAll("\\s+", " ");
		Matcher said = Pattern.compile("up to (\\d+) minutes after the crash \\(the lease is the job's timeout, "
				+ "`JOBS_HR_IMPORT_APPLY_TIMEOUT`, (\\d+) minutes, plus a minute's margin").matcher(docs);
		assertThat(said.find()).as("docs/hr-import.md says how long a crashed apply waits").isTrue();
		assertThat(Duration.ofMinutes(Long.parseLong(said.group(2)))).isEqualTo(timeout);
		assertThat(RecordedJobRounds.LEASE_MARGIN).isEqualTo(Duration.ofMinutes(1));
		assertThat(Duration.ofMinutes(Long.parseLong(said.group(1)))).isEqualTo(timeout.plus(RecordedJobRounds.LEASE_MARGIN));

		Matcher instanceTimeout = Pattern.compile("\\$\\{JOBS_INSTANCE_TIMEOUT:(\\d+)s}").matcher(yml);
		assertThat(instanceTimeout.find()).as("the instance timeout's default in application.yml").isTrue();
		Matcher gone = Pattern.compile("older than `JOBS_INSTANCE_TIMEOUT` \\((\\d+) seconds").matcher(docs);
		assertThat(gone.find()).as("docs/hr-import.md says when a dead instance counts as gone").isTrue();
		assertThat(gone.group(1)).isEqualTo(instanceTimeout.group(1));
	}
}
