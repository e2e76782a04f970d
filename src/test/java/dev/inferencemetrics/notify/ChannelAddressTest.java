package dev.inferencemetrics.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChannelAddressTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://[::127.0.0.1]/hook",
                "http://[::a9fe:a9fe]/hook",
                "http://[64:ff9b::7f00:1]/hook",
                "http://[2002:7f00:1::]/hook",
                "http://[::ffff:0:7f00:1]/hook",
                "http://[::ffff:127.0.0.1]/hook",
                "http://198.18.0.1/hook",
                "http://240.0.0.1/hook",
                "http://255.255.255.255/hook",
                "http://224.0.0.1/hook",
                "http://192.0.2.10/hook",
                "http://100.64.0.1/hook",
                "http://0.0.0.0/hook",
                "http://[::]/hook",
                "http://localhost/hook"
            })
    void a_webhook_to_anything_but_a_public_unicast_address_is_refused(String url) {
        assertThatThrownBy(() -> ChannelAddress.checkedUrl(url, false))
                .isInstanceOf(DeliveryException.class)
                .hasMessageContaining("is not a public address");
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://8.8.8.8/hook", "https://[2606:4700:4700::1111]/hook"})
    void a_webhook_to_a_public_address_is_accepted(String url) throws DeliveryException {
        assertThat(ChannelAddress.checkedUrl(url, false)).hasToString(url);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:9/hook", "http://[::127.0.0.1]/hook"})
    void an_operators_leave_lets_a_channel_reach_its_own_network(String url) throws DeliveryException {
        assertThat(ChannelAddress.checkedUrl(url, true)).hasToString(url);
    }
}
