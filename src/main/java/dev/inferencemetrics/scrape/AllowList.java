package dev.inferencemetrics.scrape;

import dev.inferencemetrics.base.net.IpAddress;
import dev.inferencemetrics.base.net.Network;
import java.net.InetAddress;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Where scrape targets may point. An entry is a network (CIDR, or an address) or a host name ({@code
 * metrics.internal}, or {@code *.svc.local} for every name below it), optionally followed by {@code :port} or
 * {@code :first-last} (every port when left out; an IPv6 address with a port is written {@code [fd00::1]:9000} or in
 * CIDR form), and by {@code for} and tenant slugs separated by commas (every tenant when left out):
 * {@code 10.0.0.0/8:8000-8100 for acme,globex}. Empty, the list permits nothing.
 *
 * <p>Loopback, unspecified, link-local (with the cloud metadata addresses), multicast and reserved addresses, and
 * IPv6 forms that carry one, are permitted only by a network entry that lies inside such a range — {@code
 * 127.0.0.1/32} names the host itself — never by a wider one nor by a host name, so that {@code 0.0.0.0/0} or a name
 * that resolves there cannot open the way to the host's own services or a metadata service.
 */
final class AllowList {

    private final List<AllowRule> rules;

    /** {@code tenantIds}: the id of every tenant slug the entries name (a slug missing from it matches no tenant). */
    AllowList(List<String> entries, Map<String, Long> tenantIds) {
        this.rules = entries.stream()
                .flatMap(entry -> AllowRule.parse(entry).stream())
                .map(rule -> rule.resolved(tenantIds))
                .toList();
    }

    AllowList(List<String> entries) {
        this(entries, Map.of());
    }

    /** The entry in its stored form, or empty when it is not written as above. */
    static Optional<String> normalise(String entry) {
        return AllowRule.parse(entry).map(AllowRule::toString);
    }

    /** The tenant slugs a stored entry names. */
    static Set<String> tenantsOf(String entry) {
        return AllowRule.parse(entry).map(AllowRule::tenants).orElse(Set.of());
    }

    /** Whether a URL's host is named by a host entry that also covers the port and the tenant. */
    boolean namesHost(String host, int port, long tenantId) {
        return rules.stream().anyMatch(rule -> rule.covers(port, tenantId) && rule.namesHost(host));
    }

    /** Whether a scrape of {@code host:port} for the tenant may connect to {@code address}, which the host named. */
    boolean permits(String host, int port, long tenantId, InetAddress address) {
        IpAddress ip = new IpAddress(address);
        boolean ordinary = ip.kind() == IpAddress.Kind.PUBLIC || ip.kind() == IpAddress.Kind.PRIVATE;
        return rules.stream().filter(rule -> rule.covers(port, tenantId)).anyMatch(rule -> {
            Network network = rule.network();
            if (network == null) {
                return ordinary && rule.namesHost(host);
            }
            boolean contains = network.contains(address) || network.contains(ip.reached());
            return contains && (ordinary || IpAddress.namesSpecialRange(network));
        });
    }

    /**
     * Why a target at {@code host} is refused: the addresses it resolves to are not named, as a tenant could learn
     * from them what internal names resolve to.
     */
    static String outside(String host) {
        return host + " is outside the scrape allow-list (for this tenant and port)";
    }

    boolean isEmpty() {
        return rules.isEmpty();
    }

    /** One entry, read. {@code tenantIds} is filled once the slugs are resolved. */
    private record AllowRule(
            @Nullable Network network,
            @Nullable String host,
            int firstPort,
            int lastPort,
            Set<String> tenants,
            Set<Long> tenantIds) {

        static Optional<AllowRule> parse(String entry) {
            String[] words = entry.trim().toLowerCase(Locale.ROOT).split("\\s+");
            if (words.length != 1 && (words.length != 3 || !words[1].equals("for"))) {
                return Optional.empty();
            }
            Set<String> tenants = words.length == 1 ? Set.of() : Set.of(words[2].split(",", -1));
            if (!tenants.stream().allMatch(AllowRule::isSlug)) {
                return Optional.empty();
            }
            return Place.parse(words[0]).flatMap(place -> place.ports()
                    .map(ports -> new AllowRule(place.network(), place.host(), ports[0], ports[1], tenants, Set.of())));
        }

        AllowRule resolved(Map<String, Long> ids) {
            Set<Long> resolved =
                    tenants.stream().filter(ids::containsKey).map(ids::get).collect(Collectors.toUnmodifiableSet());
            return new AllowRule(network, host, firstPort, lastPort, tenants, resolved);
        }

        boolean covers(int port, long tenantId) {
            return port >= firstPort && port <= lastPort && (tenants.isEmpty() || tenantIds.contains(tenantId));
        }

        boolean namesHost(String name) {
            String lower = name.toLowerCase(Locale.ROOT);
            return host != null && (host.startsWith("*.") ? lower.endsWith(host.substring(1)) : lower.equals(host));
        }

        private static boolean isSlug(String slug) {
            return slug.matches("[a-z0-9][a-z0-9-]{0,62}");
        }

        @Override
        public String toString() {
            String place = network != null ? network.toString() : host;
            String ports = firstPort == 1 && lastPort == 65535
                    ? ""
                    : ":" + firstPort + (lastPort == firstPort ? "" : "-" + lastPort);
            String scope = tenants.isEmpty()
                    ? ""
                    : " for " + String.join(",", tenants.stream().sorted().toList());
            return place + ports + scope;
        }
    }

    /** The network or host of an entry, and its port part as written (empty for every port). */
    private record Place(
            @Nullable Network network, @Nullable String host, String portText) {

        private static final Pattern HOST =
                Pattern.compile("(\\*\\.)?[a-z0-9]([a-z0-9-]{0,62})(\\.[a-z0-9]([a-z0-9-]{0,62}))*");

        static Optional<Place> parse(String written) {
            String where;
            String ports;
            if (written.startsWith("[")) {
                int close = written.indexOf(']');
                if (close < 0 || (close + 1 < written.length() && written.charAt(close + 1) != ':')) {
                    return Optional.empty();
                }
                where = written.substring(1, close);
                ports = close + 1 < written.length() ? written.substring(close + 2) : "";
                if (!where.contains(":")) {
                    return Optional.empty();
                }
            } else {
                int slash = written.indexOf('/');
                int colon = slash >= 0 ? written.indexOf(':', slash) : written.indexOf(':');
                boolean bareIpv6 = slash < 0 && colon >= 0 && written.indexOf(':', colon + 1) >= 0;
                where = colon < 0 || bareIpv6 ? written : written.substring(0, colon);
                ports = colon < 0 || bareIpv6 ? "" : written.substring(colon + 1);
            }
            Optional<Network> network = Network.parse(where);
            if (network.isPresent()) {
                return Optional.of(new Place(network.get(), null, ports));
            }
            // a name of digits and dots would be read as an address by some resolvers, never as a name
            boolean name = HOST.matcher(where).matches() && !where.matches("[0-9.]+") && where.length() <= 253;
            return name ? Optional.of(new Place(null, where, ports)) : Optional.empty();
        }

        /** First and last port, or empty when the port part is not a port or a range of them. */
        Optional<int[]> ports() {
            if (portText.isEmpty()) {
                return Optional.of(new int[] {1, 65535});
            }
            if (!portText.matches("\\d{1,5}(-\\d{1,5})?")) {
                return Optional.empty();
            }
            int[] range = Arrays.stream(portText.split("-"))
                    .mapToInt(Integer::parseInt)
                    .toArray();
            int first = range[0];
            int last = range[range.length - 1];
            return first >= 1 && last <= 65535 && first <= last
                    ? Optional.of(new int[] {first, last})
                    : Optional.empty();
        }
    }
}
