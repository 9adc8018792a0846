package provisioning.ports;

import org.springframework.stereotype.Component;

import tools.jackson.databind.json.JsonMapper;
import workflow.RunEffect.DirectoryState;
import workflow.RunEffect.EffectReceipt;

/** The stored receipts (JSON, as the dispatcher wrote them) read into the records the ports answer with. */
@Component
public class Receipts {

	private final JsonMapper json;

	Receipts(JsonMapper json) {
		this.json = json;
	}

	/** The receipt; null when there is none yet. */
	public EffectReceipt receipt(String stored) {
		return stored == null ? null : json.readValue(stored, EffectReceipt.class);
	}

	/** A stored state ({@code before} or {@code after}); absent when there is none. */
	public DirectoryState state(String stored) {
		DirectoryState state = stored == null ? null : json.readValue(stored, DirectoryState.class);
		return state == null ? new DirectoryState(false, java.util.Map.of(), java.util.List.of()) : state;
	}
}
