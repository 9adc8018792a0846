package notifications.webhooks;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import platform.OutboundRequests;

/**
 * Keeps deliveries off this network (SSRF): a host with an address that is not public by the
 * platform's rule ({@link OutboundRequests#isPublic}: loopback, unspecified, private, carrier-grade
 * NAT, unique local, link-local where cloud metadata services live, multicast) is refused, unless the operator allows private addresses
 * ({@code WEBHOOKS_ALLOW_PRIVATE}). The sender checks the addresses the name resolves to at
 * delivery time, not only at registration, so a name later pointed at an inside address is
 * refused; the HTTP client's own lookup right after is answered from the JVM's address cache
 * (30 s by default), so it connects to an address this guard saw.
 */
@Component
class AddressGuard {

	private final boolean allowPrivate;

	AddressGuard(WebhookProperties properties, @Value("${jmlhub.demo:false}") boolean demo) {
		this.allowPrivate = properties.allowPrivate() == null ? demo : properties.allowPrivate();
	}

	boolean allowsPrivate() {
		return allowPrivate;
	}

	/** Why {@code host} may not be delivered to, resolving it; empty when it may. */
	Optional<String> refusal(String host) throws UnknownHostException {
		if (allowPrivate) {
			return Optional.empty();
		}
		for (InetAddress address : InetAddress.getAllByName(host)) {
			if (inside(address)) {
				return Optional.of(host + " resolves to " + address.getHostAddress()
						+ ", a loopback, private or link-local address (allowed only with WEBHOOKS_ALLOW_PRIVATE=true)");
			}
		}
		return Optional.empty();
	}

	/** Whether {@code host} is an IP literal of an inside address (checked at registration; names are checked when sending). */
	boolean insideLiteral(String host) {
		if (allowPrivate || host == null || !(host.contains(":") || host.matches("[0-9.]+"))) {
			return false;
		}
		try {
			return inside(InetAddress.getByName(host));
		}
		catch (UnknownHostException notAnAddress) {
			return false;
		}
	}

	/** Not a public address, by the platform's one rule ({@link OutboundRequests#isPublic}). */
	static boolean inside(InetAddress address) {
		return !OutboundRequests.isPublic(address);
	}
}
