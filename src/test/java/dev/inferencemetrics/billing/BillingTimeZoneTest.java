package dev.inferencemetrics.billing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BillingTimeZoneTest {

    @ParameterizedTest
    @ValueSource(strings = {"UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Adelaide"})
    void zones_whose_days_start_on_a_half_hour_are_usable(String zone) {
        assertThat(BillingTimeZone.hasHalfHourOffsets(ZoneId.of(zone))).isTrue();
        BillingTimeZone.requireUsable(ZoneId.of(zone));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Asia/Kathmandu", "Australia/Eucla", "Pacific/Chatham"})
    void zones_with_quarter_hour_offsets_are_refused(String zone) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> BillingTimeZone.requireUsable(ZoneId.of(zone)))
                .withMessageContaining("half hours");
    }

    @ParameterizedTest
    @ValueSource(strings = {"+05:30", "Z"})
    void fixed_offsets_are_refused_in_favour_of_region_names(String offset) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> BillingTimeZone.requireUsable(ZoneOffset.of(offset)))
                .withMessageContaining("region");
    }
}
