package workflow;

import java.util.List;

/** One page of an approver's inbox, oldest first; {@code nextCursor} is null on the last page. */
public record InboxPage(List<InboxItem> items, String nextCursor) {
}
