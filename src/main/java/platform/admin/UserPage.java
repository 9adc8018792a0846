package platform.admin;

import java.util.List;

/** One page of users sorted by username; {@code nextCursor} is null on the last page. */
public record UserPage(List<AdminUser> users, String nextCursor) {
}
