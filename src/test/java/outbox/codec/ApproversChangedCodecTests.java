package outbox.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import outbox.catalog.ApproversChanged;

/**
 * An approvers change names whom it concerns in its stored JSON, and one stored before it did still
 * reads: as a change that does not say (every open stage is re-evaluated).
 */
class ApproversChangedCodecTests {

	final EventCatalog catalog = new EventCatalog();
	final EventCodec codec = new EventCodec(catalog, List.of(new StatusChangedUpcaster()));

	@Test
	void aScopedChangeRoundTripsAndOneStoredBeforeScopesStillReads() {
		UUID id = UUID.randomUUID();
		ApproversChanged scoped = new ApproversChanged(id, "sam removed from group security", List.of("sam"),
				List.of("security"));
		String json = codec.encode(scoped);
		assertThat(json).contains("\"users\":[\"sam\"]", "\"groups\":[\"security\"]");
		assertThat(codec.decode(ApproversChanged.TYPE, 1, json)).isEqualTo(scoped);
		assertThat(scoped.scoped()).isTrue();

		// the payload as the releases before the scope stored it
		String stored = """
				{"changeId":"%s","cause":"user sam disabled"}""".formatted(id);
		ApproversChanged former = (ApproversChanged) codec.decode(ApproversChanged.TYPE, 1, stored);
		assertThat(former).isEqualTo(new ApproversChanged(id, "user sam disabled"));
		assertThat(former.users()).isNull();
		assertThat(former.scoped()).isFalse();
	}
}
