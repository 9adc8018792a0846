package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import hr.EmployeeStatus;
import jobs.runner.JobOutcome;
import outbox.admin.EventStatus;
import outbox.catalog.RunOutcome;
import tools.jackson.databind.json.JsonMapper;

/** The one lower-case mapping: the same text in JSON, in SQL parameters and for the pages. */
class LowerCaseNameTests {

	final JsonMapper json = JsonMapper.builder().build();

	@Test
	void theValueIsTheLowerCaseNameInJsonAndBack() {
		assertThat(json.writeValueAsString(EmployeeStatus.PENDING_START)).isEqualTo("\"pending_start\"");
		assertThat(json.writeValueAsString(JobOutcome.TIMED_OUT)).isEqualTo("\"timed_out\"");
		assertThat(json.readValue("\"start_failed\"", RunOutcome.class)).isEqualTo(RunOutcome.START_FAILED);
		assertThat(json.readValue("\"dead_lettered\"", outbox.dispatch.Outcome.class))
			.isEqualTo(outbox.dispatch.Outcome.DEAD_LETTERED);
	}

	@Test
	void parseReadsAnyCaseAndNullAndRefusesAnUnknownValue() {
		assertThat(LowerCaseName.parse(EventStatus.class, "failed")).isEqualTo(EventStatus.FAILED);
		assertThat(LowerCaseName.parse(EventStatus.class, "FAILED")).isEqualTo(EventStatus.FAILED);
		assertThat(LowerCaseName.parse(EventStatus.class, null)).isNull();
		assertThatThrownBy(() -> LowerCaseName.parse(EventStatus.class, "lost")).isInstanceOf(IllegalArgumentException.class);
	}

	@Test
	void valuesListsEveryConstantInDeclarationOrder() {
		assertThat(LowerCaseName.values(EventStatus.class))
			.containsExactly("pending", "processing", "delivered", "failed", "discarded");
		assertThat(LowerCaseName.valueOf(null)).isNull();
		assertThat(LowerCaseName.valueOf(JobOutcome.RUNNING)).isEqualTo("running");
	}
}
