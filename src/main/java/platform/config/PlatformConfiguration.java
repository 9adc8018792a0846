package platform.config;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import platform.OutageLog;

/** Shared infrastructure beans. A single Clock lets tests control time. */
@Configuration
class PlatformConfiguration {

	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

	@Bean
	OutageLog outageLog(Clock clock) {
		return new OutageLog(clock);
	}
}
