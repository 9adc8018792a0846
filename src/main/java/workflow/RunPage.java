package workflow;

import java.util.List;

/** One page of runs, newest first; {@code nextCursor} is null on the last page. */
public record RunPage(List<Run> items, String nextCursor) {
}
