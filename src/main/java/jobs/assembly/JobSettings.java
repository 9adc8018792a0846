package jobs.assembly;

import java.time.Duration;

import org.springframework.boot.convert.DurationStyle;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Job timings from configuration: {@code jmlhub.jobs.<name>.interval|timeout}, falling back to
 * {@code jmlhub.jobs.defaults.interval|timeout} for a job without its own block, and the
 * shutdown {@code jmlhub.jobs.drain-timeout}. Read from the environment by exact key because job
 * names contain underscores, which Spring's relaxed binding does not keep in map keys.
 */
@Component
class JobSettings {

	static final String PREFIX = "jmlhub.jobs.";

	record Timing(Duration interval, Duration timeout) {
	}

	private final Environment environment;

	JobSettings(Environment environment) {
		this.environment = environment;
	}

	Timing timing(String job) {
		return new Timing(duration(PREFIX + job + ".interval", PREFIX + "defaults.interval"),
				duration(PREFIX + job + ".timeout", PREFIX + "defaults.timeout"));
	}

	Duration drainTimeout() {
		return duration(PREFIX + "drain-timeout", PREFIX + "drain-timeout");
	}

	private Duration duration(String key, String fallbackKey) {
		String value = environment.getProperty(key);
		String source = key;
		if (value == null || value.isBlank()) {
			value = environment.getRequiredProperty(fallbackKey);
			source = fallbackKey;
		}
		try {
			return DurationStyle.detectAndParse(value.strip());
		}
		catch (IllegalArgumentException e) {
			throw new IllegalStateException(source + " is not a duration (like 30s, 5m, PT1H): " + value, e);
		}
	}
}
