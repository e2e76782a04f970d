package dev.inferencemetrics.base.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.base.net.IpAddress.Kind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class IpAddressTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        // the forms a deny-list missed
        "::127.0.0.1, LOOPBACK",
        "::a9fe:a9fe, LINK_LOCAL",
        "64:ff9b::7f00:1, LOOPBACK",
        "2002:7f00:1::, LOOPBACK",
        "::ffff:0:7f00:1, LOOPBACK",
        "198.18.0.1, RESERVED",
        "240.0.0.1, RESERVED",
        "255.255.255.255, RESERVED",
        // loopback and unspecified
        "127.0.0.1, LOOPBACK",
        "127.255.255.254, LOOPBACK",
        "::1, LOOPBACK",
        "0.0.0.0, UNSPECIFIED",
        "0.1.2.3, UNSPECIFIED",
        "::, UNSPECIFIED",
        // IPv4 inside IPv6: mapped, compatible, translated, NAT64, 6to4, Teredo
        "::ffff:127.0.0.1, LOOPBACK",
        "::ffff:10.0.0.1, PRIVATE",
        "::ffff:169.254.169.254, LINK_LOCAL",
        "::10.0.0.1, PRIVATE",
        "::0.0.0.2, UNSPECIFIED",
        "::ffff:0:a9fe:a9fe, LINK_LOCAL",
        "64:ff9b::a9fe:a9fe, LINK_LOCAL",
        "64:ff9b::192.168.1.1, PRIVATE",
        "64:ff9b::808:808, PUBLIC",
        "2002:a9fe:a9fe::1, LINK_LOCAL",
        "2002:0a00:0001::, PRIVATE",
        "2002:0808:0808::1, PUBLIC",
        "2001:0:4136:e378:8000:63bf:80ff:fffe, LOOPBACK",
        "2001:0:4136:e378:8000:63bf:f7f7:f7f7, PUBLIC",
        "64:ff9b:1::a00:1, RESERVED",
        // private networks and link-local, with the cloud metadata addresses
        "10.1.2.3, PRIVATE",
        "172.16.0.1, PRIVATE",
        "172.31.255.255, PRIVATE",
        "192.168.0.1, PRIVATE",
        "100.64.0.1, PRIVATE",
        "100.127.255.255, PRIVATE",
        "fd12:3456::1, PRIVATE",
        "fc00::1, PRIVATE",
        "169.254.169.254, LINK_LOCAL",
        "100.100.100.200, LINK_LOCAL",
        "fd00:ec2::254, LINK_LOCAL",
        "fe80::1, LINK_LOCAL",
        // multicast
        "224.0.0.1, MULTICAST",
        "239.255.255.250, MULTICAST",
        "ff02::1, MULTICAST",
        "ff0e::1, MULTICAST",
        // documentation, benchmarking, reserved
        "192.0.2.1, RESERVED",
        "198.51.100.7, RESERVED",
        "203.0.113.9, RESERVED",
        "198.19.255.255, RESERVED",
        "192.0.0.8, RESERVED",
        "192.88.99.1, RESERVED",
        "2001:db8::1, RESERVED",
        "3fff::1, RESERVED",
        "2001:2::1, RESERVED",
        "100::1, RESERVED",
        "fec0::1, RESERVED",
        "4000::1, RESERVED",
        "5f00::1, RESERVED",
        // good public addresses, some beside the special ranges
        "8.8.8.8, PUBLIC",
        "1.1.1.1, PUBLIC",
        "9.255.255.255, PUBLIC",
        "11.0.0.0, PUBLIC",
        "100.63.255.255, PUBLIC",
        "100.128.0.0, PUBLIC",
        "172.32.0.1, PUBLIC",
        "198.20.0.1, PUBLIC",
        "223.255.255.255, PUBLIC",
        "2606:4700:4700::1111, PUBLIC",
        "2a00:1450:4001:81c::200e, PUBLIC",
        "2001:4860:4860::8888, PUBLIC"
    })
    void every_address_is_of_the_kind_of_range_it_reaches(String literal, Kind kind) {
        IpAddress address = IpAddress.parse(literal);

        assertThat(address.kind()).isEqualTo(kind);
        assertThat(address.isPublic()).isEqualTo(kind == Kind.PUBLIC);
    }

    @ParameterizedTest
    @CsvSource({
        "::127.0.0.1, 127.0.0.1",
        "64:ff9b::a9fe:a9fe, 169.254.169.254",
        "2002:7f00:1::, 127.0.0.1",
        "2001:0:4136:e378:8000:63bf:80ff:fffe, 127.0.0.1",
        "::ffff:0:7f00:1, 127.0.0.1",
        "2606:4700:4700::1111, 2606:4700:4700:0:0:0:0:1111",
        "::1, 0:0:0:0:0:0:0:1"
    })
    void an_ipv6_form_that_carries_an_ipv4_address_reaches_that_address(String literal, String reached) {
        assertThat(IpAddress.parse(literal).reached().getHostAddress()).isEqualTo(reached);
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "10.0.0.0/8", "256.1.1.1", ""})
    void only_an_address_literal_is_an_address(String written) {
        assertThatThrownBy(() -> IpAddress.parse(written)).isInstanceOf(IllegalArgumentException.class);
    }
}
