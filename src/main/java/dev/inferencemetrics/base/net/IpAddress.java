package dev.inferencemetrics.base.net;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * An IP address and the kind of range it lies in, so that webhooks and scraping refuse the same addresses. What is
 * not listed as special is public: every IPv4 address outside the ranges below, and IPv6 global unicast
 * ({@code 2000::/3}). An IPv6 address that carries an IPv4 one — mapped, compatible, translated, NAT64, 6to4,
 * Teredo — is of the kind of the IPv4 address it carries, since that is where packets to it end up.
 */
public record IpAddress(InetAddress address) {

    /** Kinds of range; only {@link #PUBLIC} is reachable without an operator's leave. */
    public enum Kind {
        PUBLIC,
        /** RFC 1918, shared carrier-grade NAT space, IPv6 unique local: networks of one's own. */
        PRIVATE,
        LOOPBACK,
        /** {@code 0.0.0.0/8} and {@code ::}, which connect to the host itself. */
        UNSPECIFIED,
        /** Link-local, where cloud metadata services answer, and the metadata addresses outside it. */
        LINK_LOCAL,
        MULTICAST,
        /** Documentation, benchmarking, broadcast, future use, protocol assignments and the like: never a server. */
        RESERVED
    }

    private static final Network GLOBAL_UNICAST_V6 = Network.of("2000::/3");

    private static final List<Map.Entry<Network, Kind>> RANGES = ranges(Map.ofEntries(
            Map.entry("0.0.0.0/8", Kind.UNSPECIFIED),
            Map.entry("10.0.0.0/8", Kind.PRIVATE),
            Map.entry("100.64.0.0/10", Kind.PRIVATE),
            Map.entry("100.100.100.200/32", Kind.LINK_LOCAL),
            Map.entry("127.0.0.0/8", Kind.LOOPBACK),
            Map.entry("169.254.0.0/16", Kind.LINK_LOCAL),
            Map.entry("172.16.0.0/12", Kind.PRIVATE),
            Map.entry("192.0.0.0/24", Kind.RESERVED),
            Map.entry("192.0.2.0/24", Kind.RESERVED),
            Map.entry("192.88.99.0/24", Kind.RESERVED),
            Map.entry("192.168.0.0/16", Kind.PRIVATE),
            Map.entry("198.18.0.0/15", Kind.RESERVED),
            Map.entry("198.51.100.0/24", Kind.RESERVED),
            Map.entry("203.0.113.0/24", Kind.RESERVED),
            Map.entry("224.0.0.0/4", Kind.MULTICAST),
            Map.entry("240.0.0.0/4", Kind.RESERVED),
            Map.entry("::/128", Kind.UNSPECIFIED),
            Map.entry("::1/128", Kind.LOOPBACK),
            Map.entry("64:ff9b:1::/48", Kind.RESERVED),
            Map.entry("100::/64", Kind.RESERVED),
            Map.entry("2001::/23", Kind.RESERVED),
            Map.entry("2001:db8::/32", Kind.RESERVED),
            Map.entry("3fff::/20", Kind.RESERVED),
            Map.entry("5f00::/16", Kind.RESERVED),
            Map.entry("fc00::/7", Kind.PRIVATE),
            Map.entry("fd00:ec2::254/128", Kind.LINK_LOCAL),
            Map.entry("fe80::/10", Kind.LINK_LOCAL),
            Map.entry("fec0::/10", Kind.RESERVED),
            Map.entry("ff00::/8", Kind.MULTICAST)));

    /**
     * The IPv4 address inside an IPv6 form that carries one, by the prefix that marks the form. IPv4-mapped
     * addresses ({@code ::ffff:127.0.0.1}) need no entry: Java reads them as the IPv4 address they map.
     */
    private static final List<Embedding> EMBEDDINGS = List.of(
            new Embedding(Network.of("::ffff:0:0:0/96"), 12, false),
            new Embedding(Network.of("::/96"), 12, false),
            new Embedding(Network.of("64:ff9b::/96"), 12, false),
            new Embedding(Network.of("2002::/16"), 2, false),
            new Embedding(Network.of("2001::/32"), 12, true));

    /** The address written as an IPv4 or IPv6 literal. */
    public static IpAddress parse(String literal) {
        if (Network.parse(literal).filter(network -> !literal.contains("/")).isEmpty()) {
            throw new IllegalArgumentException(literal + " is not an IP address");
        }
        try {
            return new IpAddress(InetAddress.getByName(literal));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal + " is not an IP address", e);
        }
    }

    public Kind kind() {
        InetAddress reached = reached();
        for (Map.Entry<Network, Kind> range : RANGES) {
            if (range.getKey().contains(reached)) {
                return range.getValue();
            }
        }
        return reached instanceof Inet6Address && !GLOBAL_UNICAST_V6.contains(reached) ? Kind.RESERVED : Kind.PUBLIC;
    }

    /**
     * Whether every address of {@code network} lies in one range that is neither public nor private (loopback,
     * link-local, unspecified, multicast or reserved): a network that names such a range rather than spans it.
     */
    public static boolean namesSpecialRange(Network network) {
        return RANGES.stream()
                .filter(range -> network.within(range.getKey()))
                .findFirst()
                .map(range -> range.getValue() != Kind.PUBLIC && range.getValue() != Kind.PRIVATE)
                .orElse(false);
    }

    public boolean isPublic() {
        return kind() == Kind.PUBLIC;
    }

    /** The IPv4 address an IPv6 form carries, or this address itself. */
    public InetAddress reached() {
        byte[] bytes = address.getAddress();
        if (bytes.length == 16 && !Network.of("::/127").contains(bytes)) {
            for (Embedding embedding : EMBEDDINGS) {
                if (embedding.form().contains(bytes)) {
                    return embedding.carried(bytes);
                }
            }
        }
        return address;
    }

    @Override
    public String toString() {
        return address.getHostAddress();
    }

    private static List<Map.Entry<Network, Kind>> ranges(Map<String, Kind> written) {
        // the narrowest range decides: 100.100.100.200 is a metadata address inside the carrier-grade NAT space
        return written.entrySet().stream()
                .map(entry -> Map.entry(Network.of(entry.getKey()), entry.getValue()))
                .sorted(Comparator.comparingInt((Map.Entry<Network, Kind> entry) ->
                                entry.getKey().prefix())
                        .reversed())
                .toList();
    }

    private record Embedding(Network form, int offset, boolean inverted) {

        InetAddress carried(byte[] bytes) {
            byte[] ipv4 = Arrays.copyOfRange(bytes, offset, offset + 4);
            if (inverted) {
                for (int i = 0; i < ipv4.length; i++) {
                    ipv4[i] = (byte) ~ipv4[i];
                }
            }
            try {
                return InetAddress.getByAddress(ipv4);
            } catch (UnknownHostException e) {
                throw new IllegalStateException("four bytes are an IPv4 address", e);
            }
        }
    }
}
