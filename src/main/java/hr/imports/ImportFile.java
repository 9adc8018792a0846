package hr.imports;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import hr.EmployeeChange.Field;
import platform.DomainException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * An import's file as rows of attribute values, read one row at a time (the file is never held
 * whole): CSV with a header row of attribute names, or JSON lines (one object per line). A row's
 * faults are its own ({@link Row#errors()}); only a CSV header naming an unknown attribute, or none
 * naming employeeNumber, fails the file (400, before anything is written).
 */
abstract sealed class ImportFile permits ImportFile.Csv, ImportFile.JsonLines {

	/** The longest field (CSV) or line (JSON lines) kept; a longer one is that row's error. */
	static final int MAX_FIELD_BYTES = 16 * 1024;
	static final int MAX_LINE_BYTES = 64 * 1024;

	/** The attributes a file may carry, by their API names. */
	static final List<String> ATTRIBUTES = Arrays.stream(Field.values()).map(Field::key).toList();

	/** A row: its line in the file, its non-blank values by attribute, and what is wrong with it. */
	record Row(int line, Map<String, String> values, List<String> errors) {
	}

	static ImportFile open(String contentType, InputStream body, ObjectMapper json) {
		String type = contentType == null ? "" : contentType.toLowerCase(java.util.Locale.ROOT);
		if (type.startsWith("text/csv")) {
			return new Csv(body);
		}
		if (type.startsWith("application/x-ndjson") || type.startsWith("application/jsonl")
				|| type.startsWith("application/json-lines")) {
			return new JsonLines(body, json);
		}
		throw new DomainException.InvalidInput("Content-Type", "must be text/csv or application/x-ndjson");
	}

	/**
	 * Whether PostgreSQL can store the text (in text and jsonb): no NUL character, no lone
	 * surrogate. Anything else would fail the whole file's insert instead of its row.
	 */
	static boolean storable(String text) {
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == 0) {
				return false;
			}
			if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
				i++;
			}
			else if (Character.isSurrogate(c)) {
				return false;
			}
		}
		return true;
	}

	/** The next row, or null at the end of the file. */
	abstract Row next();

	static final class Csv extends ImportFile {

		private final CsvRecords records;
		private final List<String> header;

		Csv(InputStream body) {
			this.records = new CsvRecords(body, MAX_FIELD_BYTES);
			CsvRecords.Record first = records.next();
			if (first == null || first.error() != null) {
				throw new DomainException.InvalidInput("header",
						first == null ? "is missing: the file is empty" : "cannot be read: " + first.error());
			}
			List<String> names = first.fields().stream().map(String::strip).toList();
			List<String> unknown = names.stream().filter(name -> !ATTRIBUTES.contains(name)).toList();
			if (!unknown.isEmpty()) {
				throw new DomainException.InvalidInput("header", "names unknown attributes " + unknown
						+ "; known are " + ATTRIBUTES);
			}
			if (!names.contains(Field.EMPLOYEE_NUMBER.key())) {
				throw new DomainException.InvalidInput("header", "must name employeeNumber");
			}
			if (names.stream().distinct().count() != names.size()) {
				throw new DomainException.InvalidInput("header", "names an attribute twice");
			}
			this.header = names;
		}

		@Override
		Row next() {
			CsvRecords.Record record = records.next();
			if (record == null) {
				return null;
			}
			if (record.error() != null) {
				return new Row(record.line(), Map.of(), List.of(record.error()));
			}
			if (record.fields().size() != header.size()) {
				return new Row(record.line(), Map.of(), List.of("has " + record.fields().size()
						+ " columns where the header has " + header.size()));
			}
			Map<String, String> values = new LinkedHashMap<>();
			for (int i = 0; i < header.size(); i++) {
				String value = record.fields().get(i).strip();
				if (!value.isEmpty()) {
					values.put(header.get(i), value);
				}
			}
			return new Row(record.line(), values, List.of());
		}
	}

	static final class JsonLines extends ImportFile {

		private final InputStream in;
		private final ObjectMapper json;
		private final byte[] line = new byte[MAX_LINE_BYTES];
		private int number;

		JsonLines(InputStream body, ObjectMapper json) {
			this.in = new BufferedInputStream(body, 64 * 1024);
			this.json = json;
		}

		@Override
		Row next() {
			try {
				while (true) {
					int length = 0;
					boolean tooLong = false;
					int c = in.read();
					if (c < 0) {
						return null;
					}
					number++;
					while (c >= 0 && c != '\n') {
						if (length < line.length) {
							line[length++] = (byte) c;
						}
						else {
							tooLong = true;
						}
						c = in.read();
					}
					if (tooLong) {
						return new Row(number, Map.of(), List.of("the line is longer than " + MAX_LINE_BYTES + " bytes"));
					}
					int start = number == 1 && length >= 3 && (line[0] & 0xFF) == 0xEF && (line[1] & 0xFF) == 0xBB
							&& (line[2] & 0xFF) == 0xBF ? 3 : 0;
					String text;
					try {
						text = StandardCharsets.UTF_8.newDecoder()
							.onMalformedInput(CodingErrorAction.REPORT)
							.onUnmappableCharacter(CodingErrorAction.REPORT)
							.decode(ByteBuffer.wrap(line, start, length - start))
							.toString()
							.strip();
					}
					catch (CharacterCodingException e) {
						return new Row(number, Map.of(), List.of("the line is not valid UTF-8"));
					}
					if (!text.isEmpty()) {
						return row(number, text);
					}
				}
			}
			catch (IOException e) {
				throw new UncheckedIOException(e);
			}
		}

		private Row row(int number, String text) {
			JsonNode node;
			try {
				node = json.readTree(text);
			}
			catch (RuntimeException e) {
				return new Row(number, Map.of(), List.of("the line is not a JSON object"));
			}
			if (node == null || !node.isObject()) {
				return new Row(number, Map.of(), List.of("the line is not a JSON object"));
			}
			Map<String, String> values = new LinkedHashMap<>();
			List<String> errors = new ArrayList<>();
			for (var entry : node.properties()) {
				if (!ATTRIBUTES.contains(entry.getKey())) {
					errors.add(storable(entry.getKey()) ? "unknown attribute " + entry.getKey() : "an unknown attribute");
					continue;
				}
				JsonNode value = entry.getValue();
				if (value.isNull()) {
					continue;
				}
				if (!value.isValueNode()) {
					errors.add(entry.getKey() + " must be a text");
					continue;
				}
				String cell = value.asString().strip();
				if (!storable(cell)) {
					errors.add(entry.getKey() + " holds a NUL character or a lone surrogate");
					continue;
				}
				if (!cell.isEmpty()) {
					values.put(entry.getKey(), cell);
				}
			}
			return new Row(number, values, errors);
		}
	}
}
