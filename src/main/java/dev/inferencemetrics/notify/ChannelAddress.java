package dev.inferencemetrics.notify;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Checks a webhook URL: http or https, with a host that resolves to public addresses only. An address in a private,
 * loopback, link-local (cloud metadata services live there) or unspecified range is refused unless an operator has
 * allowed it for the channel, so a tenant cannot make the server call into its own network.
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
            if (isPrivate(address)) {
                throw new DeliveryException(host + " is a private, loopback or link-local address ("
                        + address.getHostAddress() + "); only an operator may allow such a channel");
            }
        }
    }

    static boolean isPrivate(InetAddress address) {
        byte[] bytes = address.getAddress();
        boolean uniqueLocalV6 = bytes.length == 16 && (bytes[0] & 0xfe) == 0xfc;
        boolean carrierNat = bytes.length == 4 && (bytes[0] & 0xff) == 100 && (bytes[1] & 0xc0) == 64;
        return address.isLoopbackAddress()
                || address.isLinkLocalAddress()
                || address.isSiteLocalAddress()
                || address.isAnyLocalAddress()
                || address.isMulticastAddress()
                || uniqueLocalV6
                || carrierNat;
    }
}
