package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.DeploymentMetrics.KvPoint;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.KvReadingJson;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** KV-cache readings of two replicas come back as per-interval avg/max/min and a window mean and peak. */
class KvCacheIngestIT extends ApiIntegrationTest {

    KvCacheIngestIT() {
        super("kv-cache");
    }

    private static final double EXACT = 1e-9;

    private String deployment;
    private Instant start;

    /**
     * Five minutes of readings from pod-0 and pod-1, the third minute without any:
     *
     * <pre>
     * minute 0: pod-0 20.0 and 30.0, pod-1 61.5   → avg 37.1666…, max 61.5, min 20.0
     * minute 1: pod-0 10.25, pod-1 90.0            → avg 50.125,   max 90.0, min 10.25
     * minute 2: —
     * minute 3: pod-0 2.33, pod-1 47.1             → avg 24.715,   max 47.1, min 2.33
     * minute 4: pod-0 0.0, pod-1 100.0             → avg 50.0,     max 100,  min 0.0
     * </pre>
     */
    @BeforeAll
    void ingestReadings() {
        deployment = tenant.deployment("two-replicas");
        Instant now = clock.instant();
        start = now.truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(1)).plus(Duration.ofMinutes(20));

        IngestResult result = api.ingestKvCache(key, deployment, readings());

        assertThat(result).isEqualTo(new IngestResult(9, 0, 0, List.of()));
    }

    @Test
    void each_minute_shows_the_average_highest_and_lowest_reading_of_both_replicas() {
        DeploymentMetrics metrics = api.metrics(key, deployment, start, start.plus(Duration.ofMinutes(5)), "60");

        assertThat(metrics.series().kvCache())
                .extracting(KvPoint::t)
                .containsExactly(minute(0), minute(1), minute(2), minute(3), minute(4));
        assertPoint(metrics.series().kvCache().get(0), (20.0 + 30.0 + 61.5) / 3, 61.5, 20.0);
        assertPoint(metrics.series().kvCache().get(1), 50.125, 90.0, 10.25);
        assertThat(metrics.series().kvCache().get(2)).isEqualTo(new KvPoint(minute(2), null, null, null));
        assertPoint(metrics.series().kvCache().get(3), 24.715, 47.1, 2.33);
        assertPoint(metrics.series().kvCache().get(4), 50.0, 100.0, 0.0);
    }

    @Test
    void the_window_mean_weighs_each_reading_by_the_time_it_covers_and_the_peak_is_the_highest_reading() {
        DeploymentMetrics.KvSummary summary = api.metrics(
                        key, deployment, start, start.plus(Duration.ofMinutes(5)), "60")
                .summary()
                .kvCache();

        // every reading is more than 15 s from its replica's next, so each covers 15 s: the mean of the readings
        assertThat(summary.mean())
                .isCloseTo((20.0 + 30.0 + 61.5 + 10.25 + 90.0 + 2.33 + 47.1 + 0.0 + 100.0) / 9, within(EXACT));
        assertThat(summary.peak()).isEqualTo(100.0);
    }

    @Test
    void a_five_minute_interval_merges_every_reading_inside_it() {
        DeploymentMetrics metrics = api.metrics(key, deployment, start, start.plus(Duration.ofMinutes(5)), "300");
        double average = (20.0 + 30.0 + 61.5 + 10.25 + 90.0 + 2.33 + 47.1 + 0.0 + 100.0) / 9;

        assertThat(metrics.series().kvCache()).hasSize(1);
        assertPoint(metrics.series().kvCache().getFirst(), average, 100.0, 0.0);
        assertThat(metrics.summary().kvCache().mean()).isCloseTo(average, within(EXACT));
        assertThat(metrics.summary().kvCache().peak()).isEqualTo(100.0);
    }

    @Test
    void a_half_hour_interval_read_from_the_half_hour_rollups_holds_the_same_readings() {
        DeploymentMetrics metrics = api.metrics(key, deployment, start, start.plus(Duration.ofMinutes(5)), "1800");
        double average = (20.0 + 30.0 + 61.5 + 10.25 + 90.0 + 2.33 + 47.1 + 0.0 + 100.0) / 9;

        assertThat(metrics.from()).isEqualTo(start.minus(Duration.ofMinutes(20)));
        assertThat(metrics.series().kvCache()).hasSize(1);
        assertPoint(metrics.series().kvCache().getFirst(), average, 100.0, 0.0);
    }

    @Test
    void a_window_sees_only_the_readings_inside_it() {
        DeploymentMetrics metrics = api.metrics(key, deployment, minute(1), minute(4), "60");

        assertThat(metrics.series().kvCache()).hasSize(3);
        assertThat(metrics.summary().kvCache().mean()).isCloseTo((50.125 + 24.715) / 2, within(EXACT));
        assertThat(metrics.summary().kvCache().peak()).isEqualTo(90.0);
    }

    @Test
    void resent_readings_are_not_counted_again() {
        IngestResult resent = api.ingestKvCache(key, deployment, readings());

        assertThat(resent.duplicates()).isEqualTo(9);
        assertThat(tenant.storedKvSamples(deployment)).isEqualTo(9);
        assertPoint(
                api.metrics(key, deployment, start, start.plus(Duration.ofMinutes(5)), "60")
                        .series()
                        .kvCache()
                        .get(1),
                50.125,
                90.0,
                10.25);
    }

    @Test
    void readings_out_of_range_or_incomplete_are_rejected_and_the_valid_ones_stored() {
        String mixed = tenant.deployment("bad-readings");
        Instant ts = clock.instant().minusSeconds(90);
        List<KvReadingJson> readings = List.of(
                KvReadingJson.reading("pod-0", ts, 150),
                KvReadingJson.reading("pod-0", ts.plusSeconds(1), -0.1),
                KvReadingJson.reading("pod-0", ts.plusSeconds(2), 40).without("replica"),
                KvReadingJson.reading("pod-0", ts.plusSeconds(3), 40).without("usagePct"),
                KvReadingJson.reading("pod-0", ts.plusSeconds(4), 40).without("ts"),
                KvReadingJson.reading("  ", ts.plusSeconds(5), 40),
                KvReadingJson.reading("pod-0", ts.plusSeconds(6), 40).set("usagePct", "high"),
                KvReadingJson.reading("pod-0", ts.plusSeconds(7), 40).set("usagePct", new BigDecimal("1e400")),
                KvReadingJson.reading("p".repeat(129), ts.plusSeconds(8), 40),
                KvReadingJson.reading("pod-0", clock.instant().plus(Duration.ofMinutes(30)), 40),
                KvReadingJson.reading("pod-1", ts.plusSeconds(10), 64.5));

        IngestResult result = api.ingestKvCache(key, mixed, readings);

        assertThat(result.accepted()).isEqualTo(1);
        assertThat(result.errors())
                .extracting(Rejection::index, Rejection::reason)
                .containsExactly(
                        tuple(0, "usagePct must be between 0 and 100"),
                        tuple(1, "usagePct must be between 0 and 100"),
                        tuple(2, "replica is required"),
                        tuple(3, "usagePct is required"),
                        tuple(4, "ts is required"),
                        tuple(5, "replica must not be blank"),
                        tuple(6, "usagePct must be a finite number"),
                        tuple(7, "usagePct must be a finite number"),
                        tuple(8, "replica is longer than 128 characters"),
                        tuple(9, "ts is more than 10 minutes in the future"));
        assertThat(tenant.storedKvSamples(mixed)).isOne();
        assertThat(api.metrics(key, mixed, ts.minusSeconds(600), ts.plusSeconds(600), "60")
                        .summary()
                        .kvCache())
                .isEqualTo(new DeploymentMetrics.KvSummary(64.5, 64.5));
    }

    private List<KvReadingJson> readings() {
        List<KvReadingJson> readings = new ArrayList<>();
        readings.add(KvReadingJson.reading("pod-0", minute(0).plusSeconds(5), 20.0));
        readings.add(KvReadingJson.reading("pod-1", minute(0).plusSeconds(10), 61.5));
        readings.add(KvReadingJson.reading("pod-0", minute(0).plusMillis(35_250), 30.0));
        readings.add(KvReadingJson.reading("pod-0", minute(1), 10.25));
        readings.add(KvReadingJson.reading("pod-1", minute(1).plusMillis(59_999), 90.0));
        readings.add(KvReadingJson.reading("pod-0", minute(3).plusSeconds(30), 2.33));
        readings.add(KvReadingJson.reading("pod-1", minute(3).plusSeconds(31), 47.1));
        readings.add(KvReadingJson.reading("pod-0", minute(4).plusSeconds(1), 0.0));
        readings.add(KvReadingJson.reading("pod-1", minute(4).plusSeconds(2), 100.0));
        return readings;
    }

    private Instant minute(int n) {
        return start.plus(Duration.ofMinutes(n));
    }

    private static void assertPoint(KvPoint point, double avg, double max, double min) {
        assertThat(point.avg()).as("avg at %s", point.t()).isCloseTo(avg, within(EXACT));
        assertThat(point.max()).as("max at %s", point.t()).isEqualTo(max);
        assertThat(point.min()).as("min at %s", point.t()).isEqualTo(min);
    }
}
