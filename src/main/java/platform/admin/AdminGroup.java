package platform.admin;

import java.util.List;

/**
 * A group with its members; {@code eligibleApprovers} are the enabled APPROVER members, the most
 * approvals a stage assigned to this group can require.
 */
public record AdminGroup(String name, List<String> members, List<String> eligibleApprovers) {
}
