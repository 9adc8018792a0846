package platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Sealing, opening and key rotation of secrets at rest (real AES-GCM, no stand-ins). */
class SecretStoreTests {

	private static final String OLD = "old=an-old-random-key-of-enough-length";
	private static final String NEW = "new=a-new-random-key-of-enough-length";

	@Test
	void aSecretIsSealedUnderTheCurrentKeyWithAFreshNonceAndOpensAgain() {
		SecretStore store = new SecretStore(OLD, "old", false);
		String sealed = store.seal("client-secret-1");
		assertThat(sealed).startsWith("enc:old:").doesNotContain("client-secret-1");
		assertThat(store.seal("client-secret-1")).as("a fresh nonce each time").isNotEqualTo(sealed);
		assertThat(store.open(sealed)).isEqualTo("client-secret-1");
	}

	@Test
	void rotationMovesValuesToTheNewKeyAndPlaintextFromBeforeEncryptionIsSealed() {
		String sealedOld = new SecretStore(OLD, "old", false).seal("s3cret");
		SecretStore rotated = new SecretStore(OLD + "," + NEW, "new", false);
		assertThat(rotated.open(sealedOld)).isEqualTo("s3cret");
		String resealed = rotated.reseal(sealedOld);
		assertThat(resealed).startsWith("enc:new:");
		assertThat(rotated.reseal(resealed)).as("already current: unchanged").isEqualTo(resealed);
		assertThat(new SecretStore(NEW, "new", false).open(resealed)).as("the old key can go").isEqualTo("s3cret");
		assertThat(rotated.open("legacy-plain")).isEqualTo("legacy-plain");
		assertThat(rotated.reseal("legacy-plain")).startsWith("enc:new:");
		assertThatThrownBy(() -> new SecretStore(NEW, "new", false).open(sealedOld)).hasMessageContaining("key old");
	}

	@Test
	void withoutAKeyNothingIsSealedExceptInTheDemo() {
		SecretStore none = new SecretStore("", "", false);
		assertThat(none.configured()).isFalse();
		assertThatThrownBy(() -> none.seal("x")).hasMessageContaining("SECRETS_KEYS");
		SecretStore demo = new SecretStore("", "", true);
		assertThat(demo.seal("x")).startsWith("enc:demo:");
		assertThatThrownBy(() -> new SecretStore("short=abc", "", false)).hasMessageContaining("16 characters");
		assertThatThrownBy(() -> new SecretStore(OLD, "missing", false)).hasMessageContaining("not one of");
	}

	@Test
	void aSignatureVerifiesForItsPurposeAndMessageOnlyAndSurvivesARotationWhileItsKeyIsListed() {
		SecretStore old = new SecretStore(OLD, "old", false);
		String signature = old.sign("notifications.unsubscribe", "v1\nacme\nmanny\nrun_completed");
		assertThat(signature).startsWith("old.").doesNotContain("an-old-random-key");
		assertThat(old.verify("notifications.unsubscribe", "v1\nacme\nmanny\nrun_completed", signature)).isTrue();
		assertThat(old.verify("notifications.unsubscribe", "v1\nacme\nmanny\nrun_rejected", signature)).as("another message").isFalse();
		assertThat(old.verify("webhooks", "v1\nacme\nmanny\nrun_completed", signature)).as("another purpose").isFalse();
		String flipped = signature.substring(0, signature.length() - 1) + (signature.endsWith("A") ? "B" : "A");
		assertThat(old.verify("notifications.unsubscribe", "v1\nacme\nmanny\nrun_completed", flipped)).isFalse();
		assertThat(old.verify("notifications.unsubscribe", "x", "old.%%%")).as("not base64").isFalse();
		assertThat(old.verify("notifications.unsubscribe", "x", null)).isFalse();

		SecretStore rotated = new SecretStore(OLD + "," + NEW, "new", false);
		assertThat(rotated.verify("notifications.unsubscribe", "v1\nacme\nmanny\nrun_completed", signature)).isTrue();
		assertThat(rotated.sign("p", "m")).startsWith("new.");
		assertThat(new SecretStore(NEW, "new", false).verify("notifications.unsubscribe", "v1\nacme\nmanny\nrun_completed",
				signature)).as("its key no longer listed").isFalse();
		assertThat(new SecretStore("other=" + OLD.substring(4), "other", false).sign("p", "m").substring(6))
			.as("the same key under another id signs alike").isEqualTo(old.sign("p", "m").substring(4));
		assertThatThrownBy(() -> new SecretStore("", "", false).sign("p", "m")).hasMessageContaining("SECRETS_KEYS");
	}
}
