package platform.mode;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;

import org.junit.jupiter.api.Test;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.mock.env.MockEnvironment;

/** A wrong database name or an unreachable server at startup is one message that names the URL and what to check. */
class DatabaseUnreachableFailureAnalyzerTests {

	final DatabaseUnreachableFailureAnalyzer analyzer = new DatabaseUnreachableFailureAnalyzer(
			new MockEnvironment().withProperty("spring.datasource.url", "jdbc:postgresql://db:5432/jmlx"));

	@Test
	void aDatabaseThatDoesNotExistSaysWhichUrlAndWhatToCheck() {
		FailureAnalysis analysis = analyzer.analyze(new IllegalStateException("Flyway failed",
				new SQLException("FATAL: database \"jmlx\" does not exist", "3D000")));
		assertThat(analysis.getDescription()).contains("refused to start", "jdbc:postgresql://db:5432/jmlx", "does not exist");
		assertThat(analysis.getAction()).contains("SPRING_DATASOURCE_URL");
	}

	@Test
	void anUnreachableServerSaysWhichUrlAndWhatToCheck() {
		FailureAnalysis analysis = analyzer.analyze(new SQLException("Connection to db:5432 refused.", "08001"));
		assertThat(analysis.getDescription()).contains("cannot be reached", "jdbc:postgresql://db:5432/jmlx");
		assertThat(analysis.getAction()).contains("SPRING_DATASOURCE_URL");
	}

	@Test
	void otherDatabaseErrorsAreLeftToTheirOwnAnalyzers() {
		assertThat(analyzer.analyze(new SQLException("password authentication failed", "28P01"))).isNull();
	}
}
