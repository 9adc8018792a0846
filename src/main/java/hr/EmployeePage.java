package hr;

import java.util.List;

/** One page of employees; {@code nextCursor} is null on the last page. */
public record EmployeePage(List<Employee> items, String nextCursor) {
}
