package dev.inferencemetrics.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AllowListTest {

    private static InetAddress ip(String literal) throws UnknownHostException {
        return InetAddress.getByName(literal);
    }

    @Test
    void an_empty_list_permits_nothing_not_even_loopback() throws UnknownHostException {
        assertThat(new AllowList(List.of()).permits("localhost", ip("127.0.0.1")))
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
        "0.0.0.0/0, 169.254.169.254, false",
        "169.254.0.0/16, 169.254.169.254, true",
        "169.254.169.254, 169.254.169.254, true",
        "::/0, fe80::1, false",
        "::/0, fd00:ec2::254, false",
        "0.0.0.0/0, 100.100.100.200, false"
    })
    void a_network_entry_covers_its_addresses_but_a_wider_one_never_reaches_link_local_or_metadata(
            String entry, String address, boolean permitted) throws UnknownHostException {
        assertThat(new AllowList(List.of(entry)).permits("target", ip(address))).isEqualTo(permitted);
    }

    @Test
    void a_host_entry_names_the_host_and_a_wildcard_every_name_below_it_but_never_a_metadata_address()
            throws UnknownHostException {
        AllowList list = new AllowList(List.of("metrics.internal", "*.svc.cluster.local"));

        assertThat(list.permits("METRICS.internal", ip("10.9.9.9"))).isTrue();
        assertThat(list.permits("vllm-0.ns.svc.cluster.local", ip("10.9.9.9"))).isTrue();
        assertThat(list.permits("svc.cluster.local", ip("10.9.9.9"))).isFalse();
        assertThat(list.permits("evil.internal", ip("10.9.9.9"))).isFalse();
        assertThat(list.permits("metrics.internal", ip("169.254.169.254"))).isFalse();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                " 10.1.2.3/8 |10.0.0.0/8",
                "Metrics.Internal|metrics.internal",
                "*.svc.local|*.svc.local",
                "FD12::1|fd12:0:0:0:0:0:0:1/128"
            })
    void entries_are_stored_in_one_normal_form(String written, String stored) {
        assertThat(AllowList.normalise(written)).contains(stored);
    }

    @ParameterizedTest
    @CsvSource({"10.0.0.0/33", "http://x", "a b", "10.1", "*", "-x.y"})
    void what_is_neither_a_network_nor_a_host_name_is_refused(String written) {
        assertThat(AllowList.normalise(written)).isEmpty();
    }
}
