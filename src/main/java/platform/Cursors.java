package platform;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;


/**
 * The one keyset cursor format of every list: the sort key of the last row, each part base64url
 * encoded and joined with dots, so the token is opaque, URL-safe and any part may hold any text.
 * A token that this class did not make (bad base64, invalid UTF-8, wrong shape) is the caller's
 * mistake: a 400 naming {@code cursor}, never a 500.
 */
public final class Cursors {

	private Cursors() {
	}

	public static String encode(Object... parts) {
		return String.join(".", Arrays.stream(parts)
			.map(part -> Base64.getUrlEncoder().withoutPadding()
				.encodeToString(String.valueOf(part).getBytes(StandardCharsets.UTF_8)))
			.toList());
	}

	/**
	 * The position {@code parse} reads from the token's parts; null for a blank token.
	 *
	 * @throws DomainException.InvalidInput when the token is malformed or {@code parse} rejects it
	 */
	public static <T> T decode(String token, Function<List<String>, T> parse) {
		if (token == null || token.isBlank()) {
			return null;
		}
		try {
			List<String> parts = new ArrayList<>();
			for (String part : token.split("\\.", -1)) {
				parts.add(utf8(Base64.getUrlDecoder().decode(part)));
			}
			return parse.apply(parts);
		}
		catch (RuntimeException | CharacterCodingException e) {
			throw new DomainException.InvalidInput("cursor", "is not a cursor this list returned");
		}
	}

	private static String utf8(byte[] bytes) throws CharacterCodingException {
		String text = StandardCharsets.UTF_8.newDecoder()
			.onMalformedInput(CodingErrorAction.REPORT)
			.onUnmappableCharacter(CodingErrorAction.REPORT)
			.decode(ByteBuffer.wrap(bytes))
			.toString();
		if (text.indexOf('\0') >= 0) {
			throw new IllegalArgumentException("NUL in cursor");
		}
		return text;
	}
}
