package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.KvReadingJson;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A deployment first scraped at :58 of a minute (0.12 %), then every 5 s at 42 %, each reading sent on its own as a
 * scrape stores it. Each reading covers the time until the next one (at most 15 s, which the latest reading holds
 * until its next arrives): 0.12 % for 2 s, 42 % for the other 70 s. Averaging the two minutes instead gave 21.06 %.
 */
class KvCacheTimeWeightedMeanIT extends ApiIntegrationTest {

    private static final double TIME_WEIGHTED = (0.12 * 2 + 42.0 * 70) / 72;

    private String deployment;
    private Instant minute;

    KvCacheTimeWeightedMeanIT() {
        super("kv-time-weighted");
    }

    @BeforeAll
    void firstScrapedAtFiftyEightSecondsThenEveryFiveSeconds() {
        deployment = tenant.deployment("first-scraped-late");
        minute = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(5));
        send(minute.plusSeconds(58), 0.12);
        for (int second = 60; second < 120; second += 5) {
            send(minute.plusSeconds(second), 42.0);
        }
    }

    @Test
    void the_cards_and_the_chart_weigh_each_reading_by_the_time_it_covers() {
        var metrics = api.metrics(key, deployment, minute, minute.plus(Duration.ofMinutes(2)), "60");

        assertThat(metrics.summary().kvCache().mean())
                .isCloseTo(TIME_WEIGHTED, within(1e-4))
                .isGreaterThan(40);
        assertThat(metrics.summary().kvCache().peak()).isEqualTo(42.0);
        assertThat(metrics.series().kvCache().get(0).avg()).isCloseTo(0.12, within(1e-4));
        assertThat(metrics.series().kvCache().get(1).avg()).isCloseTo(42.0, within(1e-4));
    }

    @Test
    void compare_and_the_fleet_give_the_same_time_weighted_mean() {
        JsonNode compared = api.get(
                        "/api/v1/compare?a=" + deployment + "&aFrom=" + minute + "&aTo="
                                + minute.plus(Duration.ofMinutes(2)),
                        key)
                .json();
        JsonNode fleet = api.get("/api/v1/fleet?limit=1000", key).json();
        JsonNode row = StreamSupport.stream(fleet.path("deployments").spliterator(), false)
                .filter(entry -> entry.path("slug").asString().equals(deployment))
                .findFirst()
                .orElseThrow();

        assertThat(compared.path("a").path("kvCacheMean").asDouble()).isCloseTo(TIME_WEIGHTED, within(1e-4));
        assertThat(row.path("kvCacheMean").asDouble()).isCloseTo(TIME_WEIGHTED, within(1e-4));
    }

    private void send(Instant ts, double usage) {
        IngestResult result = api.ingestKvCache(key, deployment, List.of(KvReadingJson.reading("pod-0", ts, usage)));
        assertThat(result.accepted()).isOne();
    }
}
