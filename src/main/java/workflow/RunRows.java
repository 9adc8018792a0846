package workflow;

import java.util.List;

/** One page of the runs list, newest first; {@code nextCursor} is null on the last page. */
public record RunRows(List<RunRow> items, String nextCursor) {
}
