package workflow;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** A run as the runs list shows it: the run and its current stage (null before the first or after the last). */
public record RunRow(@JsonUnwrapped Run run, CurrentStage currentStage) {
}
