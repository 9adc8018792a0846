package notifications.webhooks;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

import org.springframework.stereotype.Component;

/**
 * Keeps deliveries off this network (SSRF): a host whose address is loopback, unspecified,
 * private (RFC 1918, IPv6 unique local), carrier-grade NAT, link-local (cloud metadata services
 * live there) or multicast is refused, unless the operator allows private addresses
 * ({@code WEBHOOKS_ALLOW_PRIVATE}). The sender checks the addresses the name resolves to at
 * delivery time, not only at registration, so a name later pointed at an inside address is
 * refused; the HTTP client's own lookup right after is answered from the JVM's address cache
 * (30 s by default), so it connects to an address this guard saw.
 */
@Component
class AddressGuard {

	private final boolean allowPrivate;

	AddressGuard(WebhookProperties properties) {
		this.allowPrivate = properties.allowPrivate();
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

	static boolean inside(InetAddress address) {
		if (address.isLoopbackAddress() || address.isAnyLocalAddress() || address.isLinkLocalAddress()
				|| address.isSiteLocalAddress() || address.isMulticastAddress()) {
			return true;
		}
		byte[] bytes = address.getAddress();
		if (address instanceof Inet4Address) {
			int first = bytes[0] & 0xff;
			int second = bytes[1] & 0xff;
			// 0.0.0.0/8, 100.64.0.0/10 (carrier-grade NAT), 255.255.255.255
			return first == 0 || (first == 100 && (second & 0xc0) == 64) || (first == 255 && second == 255);
		}
		if (address instanceof Inet6Address) {
			// fc00::/7 (unique local)
			return (bytes[0] & 0xfe) == 0xfc;
		}
		return false;
	}
}
