package notifications.webhooks;

/** A new endpoint with its signing secret: the one answer that shows the secret. */
record CreatedEndpoint(Endpoint endpoint, String secret) {
}
