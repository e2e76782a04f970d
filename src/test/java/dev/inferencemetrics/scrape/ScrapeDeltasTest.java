package dev.inferencemetrics.scrape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.inferencemetrics.scrape.Snapshot.GaugeReading;
import dev.inferencemetrics.scrape.exposition.ExpositionParser;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ScrapeDeltasTest {

    private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");
    private static final Instant T1 = T0.plus(Duration.ofSeconds(15));

    private static Snapshot scrape(String text) {
        return ScrapeReader.read(ExpositionParser.parse(text), "r");
    }

    @Test
    void the_first_scrape_keeps_its_gauges_and_remembers_its_counters_but_has_no_increase() {
        ScrapeDeltas.Result first =
                ScrapeDeltas.between(null, scrape("vllm:num_requests_waiting 2\nvllm:prompt_tokens_total 100\n"), T0);

        assertThat(first.gauges()).containsExactly(new GaugeReading(EngineMetric.REQUESTS_WAITING, "r", 2));
        assertThat(first.memory().values()).containsOnlyKeys("prompt_tokens\tr\t");
    }

    @Test
    void a_counter_becomes_its_increase_per_second_since_the_previous_scrape() {
        ScrapeDeltas.Result first = ScrapeDeltas.between(null, scrape("vllm:prompt_tokens_total 100\n"), T0);
        ScrapeDeltas.Result second = ScrapeDeltas.between(first.memory(), scrape("vllm:prompt_tokens_total 400\n"), T1);

        assertThat(second.gauges()).containsExactly(new GaugeReading(EngineMetric.PROMPT_TOKENS, "r", 20.0));
    }

    @Test
    void a_counter_that_went_down_was_reset_and_its_whole_value_is_the_increase() {
        ScrapeDeltas.Result first = ScrapeDeltas.between(null, scrape("vllm:prompt_tokens_total 900\n"), T0);
        ScrapeDeltas.Result second = ScrapeDeltas.between(first.memory(), scrape("vllm:prompt_tokens_total 30\n"), T1);

        assertThat(second.gauges()).containsExactly(new GaugeReading(EngineMetric.PROMPT_TOKENS, "r", 2.0));
    }

    @Test
    void a_changed_created_time_is_a_reset_even_when_the_new_value_is_higher() {
        ScrapeDeltas.Result first = ScrapeDeltas.between(
                null, scrape("vllm:prompt_tokens_total 100\nvllm:prompt_tokens_created 1000\n"), T0);
        ScrapeDeltas.Result second = ScrapeDeltas.between(
                first.memory(), scrape("vllm:prompt_tokens_total 150\nvllm:prompt_tokens_created 2000\n"), T1);

        assertThat(second.gauges()).containsExactly(new GaugeReading(EngineMetric.PROMPT_TOKENS, "r", 10.0));
    }

    @Test
    void prefix_cache_hit_rate_is_the_ratio_of_the_increases_not_of_the_totals() {
        ScrapeDeltas.Result first = ScrapeDeltas.between(
                null, scrape("vllm:prefix_cache_hits_total 100\nvllm:prefix_cache_queries_total 1000\n"), T0);
        ScrapeDeltas.Result second = ScrapeDeltas.between(
                first.memory(), scrape("vllm:prefix_cache_hits_total 400\nvllm:prefix_cache_queries_total 1500\n"), T1);

        assertThat(second.gauges()).singleElement().satisfies(g -> {
            assertThat(g.metric()).isEqualTo(EngineMetric.PREFIX_CACHE_HIT);
            assertThat(g.value()).isCloseTo(60.0, within(1e-9));
        });
    }

    @Test
    void no_new_prefix_queries_means_no_hit_rate_reading() {
        String same = "vllm:prefix_cache_hits_total 100\nvllm:prefix_cache_queries_total 1000\n";
        ScrapeDeltas.Result first = ScrapeDeltas.between(null, scrape(same), T0);

        assertThat(ScrapeDeltas.between(first.memory(), scrape(same), T1).gauges())
                .isEmpty();
    }

    @Test
    void histogram_bucket_increases_become_the_count_of_each_bucket_alone() {
        String before = """
                vllm:time_to_first_token_seconds_bucket{le="0.1"} 10
                vllm:time_to_first_token_seconds_bucket{le="0.25"} 15
                vllm:time_to_first_token_seconds_bucket{le="+Inf"} 16
                """;
        String after = """
                vllm:time_to_first_token_seconds_bucket{le="+Inf"} 30
                vllm:time_to_first_token_seconds_bucket{le="0.1"} 14
                vllm:time_to_first_token_seconds_bucket{le="0.25"} 27
                """;
        ScrapeDeltas.Result first = ScrapeDeltas.between(null, scrape(before), T0);
        ScrapeDeltas.Result second = ScrapeDeltas.between(first.memory(), scrape(after), T1);

        assertThat(second.histograms())
                .containsExactly(new HistogramDelta(
                        EngineMetric.TTFT, new double[] {0.1, 0.25, Double.POSITIVE_INFINITY}, new long[] {4, 8, 2}));
    }

    @Test
    void a_minute_counts_each_engine_replica_once_however_often_it_is_scraped() {
        String twoEngines = "vllm:num_requests_running{engine=\"0\"} 1\nvllm:num_requests_running{engine=\"1\"} 2\n";
        String oneEngine = "vllm:num_requests_running{engine=\"0\"} 1\n";
        ScrapeDeltas.Result first = ScrapeDeltas.between(null, scrape(oneEngine), T0);
        ScrapeDeltas.Result second = ScrapeDeltas.between(first.memory(), scrape(twoEngines), T1);
        ScrapeDeltas.Result third = ScrapeDeltas.between(second.memory(), scrape(oneEngine), T1.plusSeconds(15));
        ScrapeDeltas.Result nextMinute = ScrapeDeltas.between(third.memory(), scrape(oneEngine), T0.plusSeconds(60));

        // one engine at 10:00:00, a second one joins at 10:00:15, the count of 10:00 stays two; 10:01 starts anew
        assertThat(first.newReplicas()).isEqualTo(1);
        assertThat(second.newReplicas()).isEqualTo(1);
        assertThat(third.newReplicas()).isZero();
        assertThat(nextMinute.newReplicas()).isEqualTo(1);
    }

    @Test
    void a_gpu_exporter_counts_no_engine_replica() {
        String dcgm = "DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",UUID=\"GPU-1\"} 91\n";

        assertThat(ScrapeDeltas.between(null, scrape(dcgm), T0).newReplicas()).isZero();
    }
}
