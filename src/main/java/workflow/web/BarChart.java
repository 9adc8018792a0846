package workflow.web;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A horizontal bar chart laid out for a server-rendered SVG (no script, no CDN): one bar per row,
 * its length proportional to the largest value, its label on the left and its value on the right.
 * The page renders the same rows as a table, so the chart itself is decoration for screen readers.
 */
public record BarChart(String id, String title, List<Bar> bars, int width, int height) {

	static final int LABEL_WIDTH = 220;
	static final int BAR_AREA = 360;
	static final int VALUE_WIDTH = 80;
	static final int ROW = 24;
	static final int BAR = 16;

	/** One laid-out bar: where its label, bar and value go. */
	public record Bar(String label, String value, int y, int textY, int barWidth, int valueX) {
	}

	static <T> BarChart of(String id, String title, List<T> rows, Function<T, String> label, ToDoubleFunction<T> value,
			Function<T, String> display) {
		double max = rows.stream().mapToDouble(value).max().orElse(0);
		List<Bar> bars = new java.util.ArrayList<>();
		for (int i = 0; i < rows.size(); i++) {
			T row = rows.get(i);
			double v = value.applyAsDouble(row);
			int length = max <= 0 ? 0 : (int) Math.round(BAR_AREA * v / max);
			int y = i * ROW + (ROW - BAR) / 2;
			bars.add(new Bar(label.apply(row), display.apply(row), y, i * ROW + ROW / 2 + 5, Math.max(length, v > 0 ? 2 : 0),
					LABEL_WIDTH + length + 6));
		}
		return new BarChart(id, title, List.copyOf(bars), LABEL_WIDTH + BAR_AREA + VALUE_WIDTH, Math.max(ROW, rows.size() * ROW));
	}

	static String hours(double hours) {
		return String.format(Locale.ROOT, "%.1f h", hours);
	}

	public String viewBox() {
		return "0 0 " + width + " " + height;
	}

	public int barX() {
		return LABEL_WIDTH;
	}

	public int labelX() {
		return LABEL_WIDTH - 8;
	}

	public int barHeight() {
		return BAR;
	}
}
