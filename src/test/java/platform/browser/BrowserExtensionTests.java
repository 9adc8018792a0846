package platform.browser;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.TestAbortedException;

/** Without the browser binaries a browser test class is aborted (reported as skipped), never green. */
class BrowserExtensionTests {

	@Test
	void missingBinariesAbortTheClassNamingWhatIsMissing() {
		ExtensionContext context = mock(ExtensionContext.class);
		when(context.getDisplayName()).thenReturn("FakeBrowserTests (expected: BrowserExtensionTests checks the skip)");
		BrowserExtension extension = new BrowserExtension(Path.of("/nonexistent/chromium"), ChromeSession.CHROMEDRIVER);

		assertThatThrownBy(() -> extension.beforeAll(context)).isInstanceOf(TestAbortedException.class)
			.hasMessageContaining("Browser tests of FakeBrowserTests (expected: BrowserExtensionTests checks the skip) SKIPPED")
			.hasMessageContaining("/nonexistent/chromium")
			.hasMessageContaining("apt-get install -y chromium chromium-driver");
	}
}
