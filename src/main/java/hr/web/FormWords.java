package hr.web;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import platform.ConsoleTime;
import platform.UserDirectory.DirectoryUser;

/**
 * The console's words for the employee forms: the domain's field errors name API fields (the
 * problem+json of the API keeps them, for machines); a person filling the form reads the label
 * they see instead.
 */
final class FormWords {

	/** The labels of the employee forms' fields, as the forms show them. */
	private static final Map<String, String> LABELS = Map.ofEntries(Map.entry("displayName", "Name"),
			Map.entry("email", "Email"), Map.entry("department", "Department"), Map.entry("manager", "Manager"),
			Map.entry("title", "Job title"), Map.entry("startDate", "Start date"), Map.entry("lastDay", "Last day"),
			Map.entry("allowBackdated", "Allow a start date in the past"),
			Map.entry("version", "The form's version (reload the page)"), Map.entry("effectiveDate", "Effective date"),
			Map.entry("employeeNumber", "Employee number"), Map.entry("location", "Location"),
			Map.entry("costCentre", "Cost centre"), Map.entry("status", "Status"));

	/** A date as the domain writes it into a message (ISO), which the console writes its one way. */
	private static final Pattern ISO_DATE = Pattern.compile("\\b\\d{4}-\\d{2}-\\d{2}\\b");

	private FormWords() {
	}

	/** A domain error on a field, as the form shows it under that field, its dates as every page writes them. */
	static String message(String field, String message, ConsoleTime times) {
		if ("startDate".equals(field) && message.contains("allowBackdated")) {
			return "The start date is in the past; tick “Allow a start date in the past” to hire anyway.";
		}
		Matcher date = ISO_DATE.matcher(message);
		StringBuilder words = new StringBuilder();
		while (date.find()) {
			String replacement;
			try {
				replacement = times.date(LocalDate.parse(date.group()));
			}
			catch (DateTimeParseException e) {
				replacement = date.group();
			}
			date.appendReplacement(words, Matcher.quoteReplacement(replacement));
		}
		date.appendTail(words);
		return words.toString();
	}

	/** The fields that could not be read, by their labels. */
	static String labels(Collection<String> fields) {
		return fields.stream().distinct().sorted().map(field -> LABELS.getOrDefault(field, "A field"))
			.collect(Collectors.joining(", "));
	}

	/** The label of each field a change may name (the employee page's history speaks in them). */
	static Map<String, String> fieldLabels() {
		return LABELS;
	}

	/** Display names of the managers the pages show, by username. */
	static Map<String, String> names(List<DirectoryUser> users) {
		return users.stream().collect(Collectors.toMap(DirectoryUser::username, DirectoryUser::displayName, (a, b) -> a));
	}
}
