package hr.sync;

import java.util.Arrays;
import java.util.Optional;

import platform.LowerCaseName;

/** What a source answers: CSV with a header row, or JSON lines; read by the import's reader as its content type. */
enum SourceFormat implements LowerCaseName {
	CSV("text/csv"), JSONL("application/x-ndjson");

	private final String contentType;

	SourceFormat(String contentType) {
		this.contentType = contentType;
	}

	String contentType() {
		return contentType;
	}

	static Optional<SourceFormat> of(String value) {
		return Arrays.stream(values()).filter(format -> format.value().equals(value)).findFirst();
	}
}
