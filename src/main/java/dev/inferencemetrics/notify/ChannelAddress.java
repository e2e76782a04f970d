package dev.inferencemetrics.notify;

import dev.inferencemetrics.base.net.IpAddress;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Checks a webhook URL: http or https, with a host that resolves to public unicast addresses only (as {@link
 * IpAddress} reads them, in every IPv6 form that carries an IPv4 address). Any other address — private, loopback,
 * link-local (cloud metadata services live there), unspecified, multicast, reserved — is refused unless an operator
 * has allowed it for the channel, so a tenant cannot make the server call into its own network.
 */
final class ChannelAddress {

    private ChannelAddress() {}

    static URI checkedUrl(String target, boolean allowPrivate) throws DeliveryException {
        URI uri;
        try {
            uri = new URI(target.strip());
        } catch (java.net.URISyntaxException e) {
            throw new DeliveryException("not a valid URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new DeliveryException("the URL must start with http:// or https://");
        }
        if (uri.getHost() == null || uri.getHost().isBlank()) {
            throw new DeliveryException("the URL has no host");
        }
        if (!allowPrivate) {
            refusePrivate(uri.getHost());
        }
        return uri;
    }

    private static void refusePrivate(String host) throws DeliveryException {
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            throw new DeliveryException("unknown host " + host);
        }
        for (InetAddress address : addresses) {
            IpAddress ip = new IpAddress(address);
            if (!ip.isPublic()) {
                throw new DeliveryException(host + " is not a public address (" + ip + " is "
                        + ip.kind().name().toLowerCase(Locale.ROOT).replace('_', '-')
                        + "); only an operator may allow such a channel");
            }
        }
    }
}
