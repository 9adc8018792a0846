package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;


class CursorsTests {

	record Position(Instant at, UUID id) {
		static Position parse(List<String> parts) {
			return new Position(Instant.parse(parts.get(0)), UUID.fromString(parts.get(1)));
		}
	}

	@Test
	void roundTripsAnyTextIncludingTheSeparator() {
		UUID id = UUID.randomUUID();
		String token = Cursors.encode("a.b|c ü", id);
		assertThat(token).matches("[A-Za-z0-9_.-]+");
		assertThat(Cursors.<List<String>>decode(token, parts -> parts)).containsExactly("a.b|c ü", id.toString());
		Instant at = Instant.parse("2026-01-05T08:00:00.123456Z");
		assertThat(Cursors.decode(Cursors.encode(at, id), Position::parse)).isEqualTo(new Position(at, id));
		assertThat(Cursors.decode("  ", Position::parse)).isNull();
	}

	@Test
	void anythingElseIsA400NamingTheCursor() {
		String invalidUtf8 = Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[] { (byte) 0xFF, 'a' });
		String nul = Base64.getUrlEncoder().withoutPadding().encodeToString("a\0b".getBytes());
		for (String token : List.of("garbage!", "%FF", "\uFFFD", invalidUtf8, nul + "." + nul,
				Cursors.encode("not-a-time", UUID.randomUUID()), Cursors.encode("only-one-part"))) {
			assertThatThrownBy(() -> Cursors.decode(token, Position::parse)).as(token)
				.isInstanceOfSatisfying(DomainException.InvalidInput.class,
						e -> assertThat(e.fieldErrors()).containsKey("cursor"));
		}
	}
}
