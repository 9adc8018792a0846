package platform.web;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import platform.OutageLog;

/**
 * Ends the requests' database outage in the log: requests report failures to the
 * {@link OutageLog} but nothing reports their success, so while the outage lasts this probe asks
 * the pool for a connection every two seconds and logs the one "available again". It touches the
 * database only during an outage.
 */
@Component
class DatabaseRecoveryProbe {

	private final DataSource dataSource;
	private final OutageLog outages;

	DatabaseRecoveryProbe(DataSource dataSource, OutageLog outages) {
		this.dataSource = dataSource;
		this.outages = outages;
	}

	@Scheduled(fixedDelay = 2, timeUnit = TimeUnit.SECONDS)
	void probe() {
		if (!outages.failing(DatabaseOutage.COMPONENT)) {
			return;
		}
		try (Connection connection = dataSource.getConnection()) {
			if (connection.isValid(1)) {
				outages.succeeded(DatabaseOutage.COMPONENT);
			}
		}
		catch (SQLException | RuntimeException e) {
			// still away: the next probe tries again
		}
	}
}
