package workflow.projection;

import java.util.List;

/** The result of activating a stage: its state, who was assigned or notified, and why it is blocked. */
public record Activation(ActivationState state, List<String> assignees, String reason) {
}
