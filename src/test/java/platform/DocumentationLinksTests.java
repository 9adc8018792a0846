package platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** Every relative link of the README and of {@code docs/*.md} leads to a file of the repository. */
class DocumentationLinksTests {

	private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

	@Test
	void everyRelativeLinkOfTheReadmeAndTheDocsResolvesToAFile() throws IOException {
		List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
		try (Stream<Path> docs = Files.list(Path.of("docs"))) {
			docs.filter(page -> page.toString().endsWith(".md")).forEach(pages::add);
		}
		List<String> broken = new ArrayList<>();
		for (Path page : pages) {
			broken.addAll(brokenLinks(page, Files.readString(page)));
		}
		assertThat(pages).hasSizeGreaterThan(5);
		assertThat(broken).isEmpty();
	}

	@Test
	void theCheckFailsOnALinkToAMissingFile() {
		assertThat(brokenLinks(Path.of("README.md"),
				"[ops](docs/operations.md#scaling) [gone](docs/no-such-page.md) [web](https://example.org/x)"))
			.containsExactly("README.md -> docs/no-such-page.md");
	}

	static List<String> brokenLinks(Path page, String markdown) {
		List<String> broken = new ArrayList<>();
		Matcher link = LINK.matcher(markdown);
		while (link.find()) {
			String target = link.group(1);
			if (target.matches("^[a-z]+:.*")) {
				continue;
			}
			String file = target.replaceFirst("#.*", "");
			Path folder = page.getParent() == null ? Path.of("") : page.getParent();
			if (!file.isEmpty() && !Files.exists(folder.resolve(file).normalize())) {
				broken.add(page + " -> " + target);
			}
		}
		return broken;
	}
}
