package outbox.catalog;

import com.fasterxml.jackson.annotation.JsonCreator;

import platform.LowerCaseName;

/** What an approval stage's decision came to. */
public enum StageDecision implements LowerCaseName {

	APPROVED, REJECTED, RETURNED;

	@JsonCreator
	public static StageDecision of(String value) {
		return LowerCaseName.parse(StageDecision.class, value);
	}
}
