package dev.inferencemetrics.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AllowListTest {

    private static final long ACME = 1;
    private static final long GLOBEX = 2;

    private static InetAddress ip(String literal) throws UnknownHostException {
        return InetAddress.getByName(literal);
    }

    private static boolean permits(String entry, String address) throws UnknownHostException {
        return new AllowList(List.of(entry)).permits("target", 9000, ACME, ip(address));
    }

    @Test
    void an_empty_list_permits_nothing_not_even_loopback() throws UnknownHostException {
        assertThat(new AllowList(List.of()).permits("localhost", 9000, ACME, ip("127.0.0.1")))
                .isFalse();
    }

    @ParameterizedTest
    @CsvSource({
        "10.0.0.0/8, 10.20.30.40, true",
        "10.0.0.0/8, 11.0.0.1, false",
        "10.1.2.3, 10.1.2.3, true",
        "10.1.2.3, 10.1.2.4, false",
        "fd12::/16, fd12:3::1, true",
        "fd12::/16, fd13::1, false",
        "0.0.0.0/0, 8.8.8.8, true",
        "0.0.0.0/0, 169.254.169.254, false",
        "169.254.0.0/16, 169.254.169.254, true",
        "169.254.169.254, 169.254.169.254, true",
        "::/0, fe80::1, false",
        "::/0, fd00:ec2::254, false",
        "0.0.0.0/0, 100.100.100.200, false"
    })
    void a_network_entry_covers_its_addresses_but_a_wider_one_never_reaches_link_local_or_metadata(
            String entry, String address, boolean permitted) throws UnknownHostException {
        assertThat(permits(entry, address)).isEqualTo(permitted);
    }

    @ParameterizedTest
    @CsvSource({
        "0.0.0.0/0, 127.0.0.1, false",
        "0.0.0.0/0, 0.0.0.0, false",
        "0.0.0.0/0, 127.1.2.3, false",
        "::/0, ::1, false",
        "::/0, ::, false",
        "::/0, ::ffff:127.0.0.1, false",
        "::/0, ::127.0.0.1, false",
        "::/0, 64:ff9b::7f00:1, false",
        "::/0, 2002:7f00:1::, false",
        "0.0.0.0/0, 240.0.0.1, false",
        "0.0.0.0/0, 224.0.0.1, false",
        "126.0.0.0/7, 127.0.0.1, false",
        "127.0.0.1/32, 127.0.0.1, true",
        "127.0.0.0/8, 127.0.0.2, true",
        "::1, ::1, true",
        "127.0.0.1/32, ::127.0.0.1, true",
        "0.0.0.0/32, 0.0.0.0, true"
    })
    void loopback_and_unspecified_addresses_are_reached_only_through_an_entry_that_names_them(
            String entry, String address, boolean permitted) throws UnknownHostException {
        assertThat(permits(entry, address)).isEqualTo(permitted);
    }

    @Test
    void a_host_entry_names_the_host_and_a_wildcard_every_name_below_it_but_never_the_host_itself_or_metadata()
            throws UnknownHostException {
        AllowList list = new AllowList(List.of("metrics.internal", "*.svc.cluster.local", "localhost"));

        assertThat(list.permits("METRICS.internal", 80, ACME, ip("10.9.9.9"))).isTrue();
        assertThat(list.permits("vllm-0.ns.svc.cluster.local", 80, ACME, ip("10.9.9.9")))
                .isTrue();
        assertThat(list.permits("svc.cluster.local", 80, ACME, ip("10.9.9.9"))).isFalse();
        assertThat(list.permits("evil.internal", 80, ACME, ip("10.9.9.9"))).isFalse();
        assertThat(list.permits("metrics.internal", 80, ACME, ip("169.254.169.254")))
                .isFalse();
        assertThat(list.permits("localhost", 80, ACME, ip("127.0.0.1"))).isFalse();
    }

    @ParameterizedTest
    @CsvSource({
        "10.0.0.0/8:8000-8100, 8000, true",
        "10.0.0.0/8:8000-8100, 8100, true",
        "10.0.0.0/8:8000-8100, 7999, false",
        "10.0.0.0/8:8000-8100, 5432, false",
        "10.1.2.3:9000, 9000, true",
        "10.1.2.3:9000, 9001, false",
        "[::ffff:10.1.2.3]:9000, 9000, true",
        "10.0.0.0/8, 5432, true"
    })
    void an_entry_with_ports_covers_only_those_ports(String entry, int port, boolean permitted)
            throws UnknownHostException {
        assertThat(new AllowList(List.of(entry)).permits("target", port, ACME, ip("10.1.2.3")))
                .isEqualTo(permitted);
    }

    @Test
    void an_entry_for_tenants_covers_only_their_targets() throws UnknownHostException {
        AllowList list = new AllowList(
                List.of("10.1.0.0/16 for acme", "engines.acme.internal:8000 for acme,initech"),
                Map.of("acme", ACME, "globex", GLOBEX));

        assertThat(list.permits("target", 8000, ACME, ip("10.1.2.3"))).isTrue();
        assertThat(list.permits("target", 8000, GLOBEX, ip("10.1.2.3"))).isFalse();
        assertThat(list.permits("engines.acme.internal", 8000, ACME, ip("10.2.0.1")))
                .isTrue();
        assertThat(list.permits("engines.acme.internal", 8000, GLOBEX, ip("10.2.0.1")))
                .isFalse();
        assertThat(list.namesHost("engines.acme.internal", 8000, GLOBEX)).isFalse();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                " 10.1.2.3/8 |10.0.0.0/8",
                "Metrics.Internal|metrics.internal",
                "*.svc.local|*.svc.local",
                "FD12::1|fd12:0:0:0:0:0:0:1/128",
                "10.0.0.0/8:8000-8100|10.0.0.0/8:8000-8100",
                "10.1.2.3:9000|10.1.2.3/32:9000",
                "[fd00::1]:9000|fd00:0:0:0:0:0:0:1/128:9000",
                "fd00::/8:8000-8100|fd00:0:0:0:0:0:0:0/8:8000-8100",
                "metrics.internal:443|metrics.internal:443",
                "10.0.0.0/8:1-65535|10.0.0.0/8",
                "10.0.0.0/8 FOR Globex,acme|10.0.0.0/8 for acme,globex",
                "*.svc.local:8000 for acme|*.svc.local:8000 for acme"
            })
    void entries_are_stored_in_one_normal_form(String written, String stored) {
        assertThat(AllowList.normalise(written)).contains(stored);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "10.0.0.0/33",
                "http://x",
                "a b",
                "10.1",
                "*",
                "-x.y",
                "10.0.0.0/8:0",
                "10.0.0.0/8:70000",
                "10.0.0.0/8:9000-8000",
                "10.0.0.0/8:http",
                "[fd00::1]9000",
                "10.0.0.0/8 for",
                "10.0.0.0/8 to acme",
                "10.0.0.0/8 for Acme Corp",
                "10.0.0.0/8 for acme,"
            })
    void what_is_not_written_as_an_entry_is_refused(String written) {
        assertThat(AllowList.normalise(written)).isEmpty();
    }
}
