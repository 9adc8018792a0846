package hr.imports;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import platform.testing.ApiClient;
import platform.testing.ConsoleSession;
import platform.testing.JmlHubIntegrationTest;

/**
 * The Import page's "Download a sample CSV" link leads to the sample (it answered 404: static files
 * are served by exact prefixes, and the samples' was missing), and the sample previews without a
 * rejected row.
 */
@JmlHubIntegrationTest
class ImportSampleTests {

	private static final Pattern SAMPLE_LINK = Pattern.compile("href=\"(/samples/[^\"]+\\.csv)\"");

	@LocalServerPort
	int port;

	@Test
	void theImportPagesSampleLinkServesAValidSample() {
		ConsoleSession hana = ConsoleSession.login(port, "hana");
		Matcher link = SAMPLE_LINK.matcher(hana.get("/hr/imports").body());
		assertThat(link.find()).as("the import page links a sample").isTrue();

		HttpResponse<String> sample = hana.get(link.group(1));
		assertThat(sample.statusCode()).isEqualTo(200);
		assertThat(sample.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/csv"));
		assertThat(sample.body()).startsWith("employeeNumber,");

		HttpResponse<String> preview = new ApiClient(port).postBytesAs("hana", "/v1/hr/imports", "text/csv",
				sample.body().getBytes(StandardCharsets.UTF_8));
		assertThat(preview.statusCode()).as(preview.body()).isEqualTo(201);
		assertThat(preview.body()).contains("\"reject\":0");
	}
}
