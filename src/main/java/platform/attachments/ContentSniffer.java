package platform.attachments;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import platform.DomainException;

/**
 * The type of an upload as its bytes show it (magic numbers), never as its name or the client's
 * declared type claim: those only tell CSV from plain text and which Office document a zip is.
 * Executables are refused whatever they are called, archives unless allowed, anything unknown too.
 */
final class ContentSniffer {

	private static final Map<String, String> OFFICE = Map.of(
			"docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
			"xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
			"pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation");
	private static final Set<String> MARKUP = Set.of("<!doctype html", "<html", "<svg", "<?xml", "<script", "<head", "<body",
			"<iframe");

	private final boolean allowArchives;

	ContentSniffer(boolean allowArchives) {
		this.allowArchives = allowArchives;
	}

	/** @throws DomainException.UnsupportedType for a refused or unknown type */
	String contentType(byte[] head, boolean text, String filename, String declaredContentType) {
		if (starts(head, 'M', 'Z')) {
			throw refused("a Windows executable");
		}
		if (starts(head, 0x7f, 'E', 'L', 'F')) {
			throw refused("an ELF executable");
		}
		if (starts(head, 0xfe, 0xed, 0xfa, 0xce) || starts(head, 0xfe, 0xed, 0xfa, 0xcf) || starts(head, 0xce, 0xfa, 0xed, 0xfe)
				|| starts(head, 0xcf, 0xfa, 0xed, 0xfe) || starts(head, 0xca, 0xfe, 0xba, 0xbe)) {
			throw refused("a Mach-O executable or a Java class");
		}
		if (starts(head, '#', '!') || starts(head, 0xef, 0xbb, 0xbf, '#', '!')) {
			throw refused("a script");
		}
		if (starts(head, '%', 'P', 'D', 'F', '-')) {
			return "application/pdf";
		}
		if (starts(head, 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a)) {
			return "image/png";
		}
		if (starts(head, 0xff, 0xd8, 0xff)) {
			return "image/jpeg";
		}
		if (starts(head, 'G', 'I', 'F', '8', '7', 'a') || starts(head, 'G', 'I', 'F', '8', '9', 'a')) {
			return "image/gif";
		}
		if (starts(head, 'P', 'K', 3, 4)) {
			String office = OFFICE.get(FileNames.extension(filename));
			if (office != null && "[Content_Types].xml".equals(firstZipEntry(head))) {
				return office;
			}
			return archive("application/zip");
		}
		if (starts(head, 'P', 'K', 5, 6)) {
			return archive("application/zip");
		}
		if (starts(head, 0x1f, 0x8b)) {
			return archive("application/gzip");
		}
		if (starts(head, '7', 'z', 0xbc, 0xaf, 0x27, 0x1c)) {
			return archive("application/x-7z-compressed");
		}
		if (starts(head, 'R', 'a', 'r', '!', 0x1a, 0x07)) {
			return archive("application/vnd.rar");
		}
		if (head.length > 262 && new String(head, 257, 5, StandardCharsets.US_ASCII).equals("ustar")) {
			return archive("application/x-tar");
		}
		if (text && head.length > 0) {
			String start = new String(head, StandardCharsets.UTF_8).replace("\uFEFF", "").stripLeading().toLowerCase(Locale.ROOT);
			if (MARKUP.stream().anyMatch(start::startsWith) || start.contains("<script")) {
				throw refused("HTML, SVG or XML markup");
			}
			boolean csv = "csv".equals(FileNames.extension(filename)) || (declaredContentType != null
					&& declaredContentType.toLowerCase(Locale.ROOT).startsWith("text/csv"));
			return csv ? "text/csv" : "text/plain";
		}
		throw new DomainException.UnsupportedType("The file's type is not accepted: its bytes are none of PDF, PNG, JPEG, "
				+ "GIF, plain text, CSV or an Office document.");
	}

	private String archive(String type) {
		if (!allowArchives) {
			throw refused("an archive");
		}
		return type;
	}

	private static DomainException.UnsupportedType refused(String what) {
		return new DomainException.UnsupportedType("The file is " + what + ", which is not accepted as an attachment, "
				+ "whatever its name or declared type.");
	}

	/** The name of a zip's first local entry (its header is at offset 0). */
	private static String firstZipEntry(byte[] head) {
		if (head.length < 30) {
			return "";
		}
		int nameLength = (head[26] & 0xff) | (head[27] & 0xff) << 8;
		if (30 + nameLength > head.length) {
			return "";
		}
		return new String(head, 30, nameLength, StandardCharsets.UTF_8);
	}

	private static boolean starts(byte[] head, int... magic) {
		if (head.length < magic.length) {
			return false;
		}
		for (int i = 0; i < magic.length; i++) {
			if ((head[i] & 0xff) != magic[i]) {
				return false;
			}
		}
		return true;
	}
}
