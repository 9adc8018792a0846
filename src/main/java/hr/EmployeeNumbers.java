package hr;

import java.util.regex.Pattern;

/**
 * What an employee number may be: 1 to 64 letters, digits or {@code . _ -} (it is a path segment
 * of the API, so never {@code /}). One rule for every write and for the import's preview, so a
 * dry run refuses exactly the rows the apply would refuse, with the same words.
 */
public final class EmployeeNumbers {

	/** The refusal's words, after the field's name ({@code employeeNumber must be ...}). */
	public static final String RULE = "must be 1 to 64 letters, digits or . _ - characters";

	private static final Pattern FORMAT = Pattern.compile("[\\p{L}\\p{N}._-]{1,64}");

	private EmployeeNumbers() {
	}

	/** True when {@code number} is a well-formed employee number. */
	public static boolean wellFormed(String number) {
		return number != null && FORMAT.matcher(number).matches();
	}
}
