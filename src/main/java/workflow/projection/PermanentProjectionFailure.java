package workflow.projection;

/** A projection write that can never succeed (missing run or stage, inconsistent data): do not retry. */
public class PermanentProjectionFailure extends RuntimeException {

	public PermanentProjectionFailure(String message) {
		super(message);
	}
}
