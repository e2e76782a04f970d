package dev.inferencemetrics.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.slo.CountedBuckets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The KV-cache rule compares the same mean the pages show: each reading weighed by the time it covers. */
class KvMeanRuleTest {

    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    @Test
    void a_lone_first_reading_weighs_the_two_seconds_it_covers_not_a_minute_nor_one_reading_in_thirteen() {
        Instant first = NOW.minus(Duration.ofMinutes(3));
        Instant second = NOW.minus(Duration.ofMinutes(2));
        List<KvRollup> kv = List.of(
                // 0.12 % at :58, held 2 s until the next reading
                new KvRollup(first, 1, 0.12, 0.12, 0.12, 2, 0.12 * 2),
                // twelve readings of 42 % every 5 s, the latest held 15 s so far
                new KvRollup(second, 12, 42.0 * 12, 42.0, 42.0, 70, 42.0 * 70));
        RuleValues values = new RuleValues(
                NOW,
                Map.of(),
                CountedBuckets.none(),
                CountedBuckets.none(),
                kv,
                List.of(),
                List.of(),
                ScalingPoint.notYetRead(NOW));

        assertThat(values.of(DefaultRules.kvRule(1, 2)).orElseThrow())
                .isCloseTo((0.12 * 2 + 42.0 * 70) / 72, within(1e-9));
    }
}
