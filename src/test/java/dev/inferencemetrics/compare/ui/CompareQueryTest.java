package dev.inferencemetrics.compare.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.router.QueryParameters;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.DimensionValue;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Compare page's address keeps each side's filter, and the request it makes reads them. */
class CompareQueryTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-28T12:00:00Z"), ZoneOffset.UTC);

    @Test
    void each_sides_filter_is_read_from_the_address_and_kept_when_the_deployments_change() {
        CompareQuery query = CompareQuery.of(
                QueryParameters.simple(Map.of("a", "chat", "aConsumer", "acme", "bConsumer", "beta", "junk", "x")),
                CLOCK);

        Map<String, String> changed = query.withDeployments("chat", "chat-canary");

        assertThat(query.request().aFilter()).isEqualTo(new DimensionValue(Dimension.CONSUMER, "acme"));
        assertThat(query.request().bFilter()).isEqualTo(new DimensionValue(Dimension.CONSUMER, "beta"));
        assertThat(query.request().bWindow()).isEqualTo(query.request().aWindow());
        assertThat(query.bIsThePeriodBefore()).isFalse();
        assertThat(changed)
                .containsEntry("aConsumer", "acme")
                .containsEntry("bConsumer", "beta")
                .containsEntry("b", "chat-canary")
                .doesNotContainKey("junk");
    }

    @Test
    void the_same_filter_on_both_sides_of_one_deployment_compares_with_the_period_before() {
        CompareQuery query = CompareQuery.of(
                QueryParameters.simple(Map.of("a", "chat", "aPriority", "batch", "bPriority", "batch")), CLOCK);

        assertThat(query.bIsThePeriodBefore()).isTrue();
        assertThat(query.request().bWindow().to())
                .isEqualTo(query.request().aWindow().from());
    }
}
