package platform.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.grpc.Status;
import platform.StartupRefusedException;

/** The worker's Temporal gate words each refusal for the operator: a missing namespace, an unreachable frontend. */
class TemporalStartupGateTests {

	@Test
	void aMissingNamespaceSaysSoAndHowToCreateIt() {
		StartupRefusedException refusal = TemporalStartupGate.refusal("temporal:7233", "jml",
				Status.NOT_FOUND.withDescription("Namespace jml is not found.").asRuntimeException());
		assertThat(refusal.problem()).isEqualTo("The Temporal namespace jml does not exist at temporal:7233.");
		assertThat(refusal.action()).contains("temporal operator namespace create jml", "TEMPORAL_NAMESPACE");
	}

	@Test
	void anUnreachableFrontendSaysWhichTargetAndWhy() {
		StartupRefusedException refusal = TemporalStartupGate.refusal("temporal:7233", "jml",
				Status.DEADLINE_EXCEEDED.asRuntimeException());
		assertThat(refusal.problem()).isEqualTo("Temporal at temporal:7233 is unreachable for the worker (DEADLINE_EXCEEDED).");
		assertThat(refusal.action()).contains("TEMPORAL_TARGET");
	}
}
