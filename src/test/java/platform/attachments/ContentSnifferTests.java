package platform.attachments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import platform.DomainException;

/** The type comes from the bytes; names and declared types only pick CSV and which Office document. The file name rules. */
class ContentSnifferTests {

	final ContentSniffer strict = new ContentSniffer(false);
	final ContentSniffer archives = new ContentSniffer(true);

	static byte[] bytes(int... values) {
		byte[] bytes = new byte[values.length];
		for (int i = 0; i < values.length; i++) {
			bytes[i] = (byte) values[i];
		}
		return bytes;
	}

	@Test
	void imagesAndDocumentsByTheirMagicNumbersWhateverTheyAreCalled() {
		assertThat(strict.contentType(bytes(0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a, 0), false, "x.txt", "text/plain"))
			.isEqualTo("image/png");
		assertThat(strict.contentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0), false, "x.pdf", null)).isEqualTo("image/jpeg");
		assertThat(strict.contentType("GIF89a...".getBytes(StandardCharsets.US_ASCII), false, "x", null)).isEqualTo("image/gif");
		assertThat(strict.contentType("%PDF-1.4".getBytes(StandardCharsets.US_ASCII), true, "x.csv", "text/csv"))
			.isEqualTo("application/pdf");
	}

	@Test
	void textIsPlainUnlessNamedOrDeclaredCsvAndMarkupIsRefused() {
		byte[] text = "a,b\n1,2\n".getBytes(StandardCharsets.UTF_8);
		assertThat(strict.contentType(text, true, "data.csv", null)).isEqualTo("text/csv");
		assertThat(strict.contentType(text, true, "data", "text/csv; charset=utf-8")).isEqualTo("text/csv");
		assertThat(strict.contentType(text, true, "data.txt", "application/pdf")).isEqualTo("text/plain");
		assertThatThrownBy(() -> strict.contentType("\uFEFF  <svg onload=alert(1)>".getBytes(StandardCharsets.UTF_8), true,
				"x.txt", null)).isInstanceOf(DomainException.UnsupportedType.class);
		assertThatThrownBy(() -> strict.contentType("\uFEFF#!/usr/bin/env python".getBytes(StandardCharsets.UTF_8), true,
				"x.txt", null)).isInstanceOf(DomainException.UnsupportedType.class).hasMessageContaining("script");
	}

	@Test
	void executablesAreRefusedEvenWhereArchivesAreAllowed() {
		assertThatThrownBy(() -> archives.contentType(bytes(0xca, 0xfe, 0xba, 0xbe, 0, 0), false, "a.pdf", "application/pdf"))
			.isInstanceOf(DomainException.UnsupportedType.class).hasMessageContaining("Mach-O");
		assertThatThrownBy(() -> archives.contentType(bytes(0xcf, 0xfa, 0xed, 0xfe), false, "a.png", null))
			.isInstanceOf(DomainException.UnsupportedType.class);
		assertThat(archives.contentType(bytes(0x1f, 0x8b, 8, 0), false, "logs.gz", null)).isEqualTo("application/gzip");
		assertThat(archives.contentType(bytes('P', 'K', 3, 4, 0, 0), false, "a.zip", null)).isEqualTo("application/zip");
		assertThatThrownBy(() -> strict.contentType(bytes(0x1f, 0x8b, 8, 0), false, "logs.gz", null))
			.isInstanceOf(DomainException.UnsupportedType.class).hasMessageContaining("archive");
	}

	@Test
	void fileNamesKeepTheirLastSegmentWithoutControlsFormatCharactersOrLeadingDots() {
		assertThat(FileNames.sanitise("../../etc/passwd")).isEqualTo("passwd");
		assertThat(FileNames.sanitise("C:\\Windows\\system32\\evil.dll")).isEqualTo("evil.dll");
		assertThat(FileNames.sanitise("invoice\u202Efdp.exe")).isEqualTo("invoicefdp.exe");
		assertThat(FileNames.sanitise("a\u0000b\r\n.txt")).isEqualTo("ab.txt");
		assertThat(FileNames.sanitise(".bashrc")).isEqualTo("bashrc");
		assertThat(FileNames.sanitise("\"quoted\" name?.pdf")).isEqualTo("quoted name.pdf");
		assertThat(FileNames.sanitise("..")).isEqualTo(FileNames.FALLBACK);
		assertThat(FileNames.sanitise("dir/")).isEqualTo(FileNames.FALLBACK);
		assertThat(FileNames.sanitise(null)).isEqualTo(FileNames.FALLBACK);
		String longName = "x".repeat(400) + ".pdf";
		assertThat(FileNames.sanitise(longName)).hasSize(255).endsWith(".pdf");
	}
}
