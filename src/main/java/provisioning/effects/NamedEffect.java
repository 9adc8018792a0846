package provisioning.effects;

/** An effect with the name of the employee it is for, as planned. */
public record NamedEffect(Effect effect, String employeeName) {
}
