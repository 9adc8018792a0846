package hr.imports;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An RFC 4180 reader over bytes that never holds more than one bounded record: quoted fields may hold
 * commas, quotes ("") and line breaks (CRLF included); a leading UTF-8 BOM is skipped; records end at
 * LF, CRLF or CR. It works on bytes, not characters, so that what a usual parser fails the whole file
 * for is one record's error and the next record still reads: a field longer than
 * {@code maxFieldBytes} (the rest of it is skipped, not kept), bytes that are not UTF-8, a stray quote.
 * (The CSV parsers on Maven Central decode the whole stream first and stop at the first such fault.)
 */
final class CsvRecords {

	/** One record: its fields (null when {@code error} is set) and the physical line it starts on. */
	record Record(int line, List<String> fields, String error) {
	}

	private static final int EOF = -1;

	private final InputStream in;
	private final int maxFieldBytes;
	private final byte[] buffer = new byte[64 * 1024];
	private int position;
	private int limit;
	private int line = 1;
	private boolean started;
	private byte[] field = new byte[256];
	private int fieldLength;
	private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
		.onMalformedInput(CodingErrorAction.REPORT)
		.onUnmappableCharacter(CodingErrorAction.REPORT);

	CsvRecords(InputStream in, int maxFieldBytes) {
		this.in = in;
		this.maxFieldBytes = maxFieldBytes;
	}

	/** The next non-empty record, or null at the end of the input. */
	Record next() {
		if (!started) {
			started = true;
			skipBom();
		}
		while (true) {
			if (peek() == EOF) {
				return null;
			}
			Record record = readRecord();
			boolean empty = record.error() == null && record.fields().size() == 1 && record.fields().get(0).isEmpty();
			if (!empty) {
				return record;
			}
		}
	}

	private Record readRecord() {
		int start = line;
		List<String> fields = new ArrayList<>();
		String error = null;
		while (true) {
			fieldLength = 0;
			boolean tooLong = false;
			int c = read();
			boolean quoted = c == '"';
			if (quoted) {
				c = read();
			}
			int end;
			while (true) {
				if (c == EOF) {
					if (quoted) {
						error = error == null ? "a quoted field is not closed before the end of the file" : error;
					}
					end = EOF;
					break;
				}
				if (quoted) {
					if (c == '"') {
						int after = read();
						if (after == '"') {
							tooLong |= append('"');
							c = read();
							continue;
						}
						if (after == ',' || after == '\n' || after == '\r' || after == EOF) {
							end = after;
							break;
						}
						error = error == null ? "a quote inside a field must be doubled (\"\")" : error;
						quoted = false;
						c = after;
						continue;
					}
					tooLong |= append(c);
					c = read();
					continue;
				}
				if (c == ',' || c == '\n' || c == '\r') {
					end = c;
					break;
				}
				if (c == '"') {
					error = error == null ? "a quote inside an unquoted field" : error;
				}
				tooLong |= append(c);
				c = read();
			}
			if (tooLong) {
				error = error == null ? "a field is longer than " + maxFieldBytes + " bytes" : error;
			}
			else if (error == null) {
				String text = decode();
				if (text == null) {
					error = "a field is not valid UTF-8";
				}
				else if (!ImportFile.storable(text)) {
					error = "a field holds a NUL character";
				}
				else {
					fields.add(text);
				}
			}
			if (end == ',') {
				continue;
			}
			if (end == '\r' && peek() == '\n') {
				read();
			}
			return new Record(start, error == null ? fields : null, error);
		}
	}

	/** Keeps the byte unless the field is already too long; true when it is. */
	private boolean append(int c) {
		if (fieldLength >= maxFieldBytes) {
			return true;
		}
		if (fieldLength == field.length) {
			field = Arrays.copyOf(field, Math.min(field.length * 2, maxFieldBytes));
		}
		field[fieldLength++] = (byte) c;
		return false;
	}

	private String decode() {
		boolean ascii = true;
		for (int i = 0; i < fieldLength && ascii; i++) {
			ascii = field[i] >= 0;
		}
		if (ascii) {
			// most cells: no decoder needed
			return new String(field, 0, fieldLength, StandardCharsets.US_ASCII);
		}
		try {
			return utf8.reset().decode(ByteBuffer.wrap(field, 0, fieldLength)).toString();
		}
		catch (CharacterCodingException e) {
			return null;
		}
	}

	private void skipBom() {
		if (peek() == 0xEF && limit - position >= 3 && (buffer[position + 1] & 0xFF) == 0xBB
				&& (buffer[position + 2] & 0xFF) == 0xBF) {
			position += 3;
		}
	}

	private int peek() {
		if (position == limit && !fill()) {
			return EOF;
		}
		return buffer[position] & 0xFF;
	}

	private int read() {
		int c = peek();
		if (c != EOF) {
			position++;
			if (c == '\n') {
				line++;
			}
		}
		return c;
	}

	private boolean fill() {
		try {
			int n;
			do {
				n = in.read(buffer, 0, buffer.length);
			}
			while (n == 0);
			if (n < 0) {
				return false;
			}
			position = 0;
			limit = n;
			return true;
		}
		catch (IOException e) {
			throw new UncheckedIOException(e);
		}
	}
}
