package dev.inferencemetrics.scrape;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where scrape targets may point: networks (CIDR) and host names ({@code metrics.internal}, or {@code *.svc.local}
 * for every name below it). Empty, it permits nothing. A link-local or cloud-metadata address is permitted only by a
 * network entry that lies inside that special range, never by a wider one nor by a host name, so that
 * {@code 0.0.0.0/0} or a name that resolves there cannot open the way to a metadata service.
 */
final class AllowList {

    private static final Pattern HOST =
            Pattern.compile("(\\*\\.)?[a-z0-9]([a-z0-9-]{0,62})(\\.[a-z0-9]([a-z0-9-]{0,62}))*");

    private final List<Network> networks = new ArrayList<>();
    private final List<String> hosts = new ArrayList<>();

    AllowList(List<String> entries) {
        for (String entry : entries) {
            Network.parse(entry).ifPresentOrElse(networks::add, () -> hosts.add(entry.toLowerCase(Locale.ROOT)));
        }
    }

    /** The entry in its stored form, or empty with no reason when it is neither a network nor a host name. */
    static Optional<String> normalise(String entry) {
        String trimmed = entry.trim().toLowerCase(Locale.ROOT);
        Optional<Network> network = Network.parse(trimmed);
        if (network.isPresent()) {
            return network.map(Network::toString);
        }
        // a name of digits and dots would be read as an address by some resolvers, never as a name
        boolean name = HOST.matcher(trimmed).matches() && !trimmed.matches("[0-9.]+") && trimmed.length() <= 253;
        return name ? Optional.of(trimmed) : Optional.empty();
    }

    /** Whether a URL's host is named by a host entry. */
    boolean namesHost(String host) {
        String name = host.toLowerCase(Locale.ROOT);
        return hosts.stream()
                .anyMatch(entry -> entry.startsWith("*.") ? name.endsWith(entry.substring(1)) : name.equals(entry));
    }

    /** Whether a scrape of {@code host} may connect to {@code address}, one of the addresses it resolved to. */
    boolean permits(String host, InetAddress address) {
        if (Network.special(address)) {
            return networks.stream().anyMatch(network -> network.special() && network.contains(address));
        }
        return namesHost(host) || networks.stream().anyMatch(network -> network.contains(address));
    }

    /**
     * Why a target at {@code host} is refused: the addresses it resolves to are not named, as a tenant could learn
     * from them what internal names resolve to.
     */
    static String outside(String host) {
        return host + " is outside the scrape allow-list";
    }

    boolean isEmpty() {
        return networks.isEmpty() && hosts.isEmpty();
    }
}
