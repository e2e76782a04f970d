package dev.inferencemetrics.scrape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.rollup.EngineGaugeRollup;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.rollup.EngineLatencyRollup;
import dev.inferencemetrics.rollup.EngineLatencyRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.ScrapeAllowList;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Two engines on 127.0.0.1 serve real scrapes — SGLang under load (a published scrape) and a two-engine vLLM — three
 * times: as written, with every counter doubled, and back as written (a restart). What the scraper stored is read back.
 */
class ScrapeIT extends ApiIntegrationTest {

    private static final Instant FAR_PAST = Instant.parse("2020-01-01T00:00:00Z");
    private static final Instant FAR_FUTURE = Instant.parse("2100-01-01T00:00:00Z");

    @Autowired
    ScrapeRunner runner;

    @Autowired
    ScrapeTargetService targets;

    @Autowired
    EngineGaugeRollupStore gauges;

    @Autowired
    EngineLatencyRollupStore latencies;

    @Autowired
    TenantTransactions transactions;

    @Autowired
    OwnerJdbc owner;

    @Autowired
    AllowListService allowList;

    private final EngineServer engines = new EngineServer();
    private final List<Instant> scrapedAt = new ArrayList<>();
    private String sglang;
    private String vllm;
    private long sglangTarget;

    ScrapeIT() {
        super("scrape");
    }

    @BeforeAll
    void scrapeThreeTimes() {
        ScrapeAllowList.permitLoopback(allowList);
        sglang = tenant.deployment("sglang");
        vllm = tenant.deployment("vllm");
        EngineServer.Engine sglangEngine =
                engines.serve("/sglang/metrics", ScrapeReaderTest.DATASETS.resolve("sglang-llama31-8b-under-load.txt"));
        EngineServer.Engine vllmEngine =
                engines.serve("/vllm/metrics", ScrapeReaderTest.FIXTURES.resolve("vllm-v1-two-engines.txt"));
        sglangTarget = add(sglang, engines.url("/sglang/metrics"), "sglang-0").id();
        add(vllm, engines.url("/vllm/metrics"), "vllm-a");
        for (double factor : new double[] {1, 2, 1}) {
            sglangEngine.cumulativeTimes(factor);
            vllmEngine.cumulativeTimes(factor);
            makeDue();
            // other classes' targets may be due too
            assertThat(runner.scrapeDueNow()).isGreaterThanOrEqualTo(2);
            scrapedAt.add(takenAt(sglangTarget));
        }
    }

    @AfterAll
    void stopEngines() {
        engines.close();
    }

    @Test
    void kv_cache_use_of_each_scrape_reaches_the_metrics_page_as_a_percentage() {
        DeploymentMetrics metrics = api.metrics(
                key,
                sglang,
                scrapedAt.getFirst().minus(Duration.ofHours(1)),
                scrapedAt.getLast().plus(Duration.ofMinutes(1)),
                "60");

        assertThat(metrics.summary().kvCache().peak()).isCloseTo(28.0, within(1e-4));
        assertThat(metrics.summary().kvCache().mean()).isCloseTo(28.0, within(1e-4));
        assertThat(owner.jdbc()
                        .queryForList(
                                "select replica from kv_sample where tenant_id = ? and deployment_id = (select id from"
                                        + " deployment where slug = ?)",
                                String.class,
                                tenant.id(),
                                sglang))
                .containsExactly("sglang-0", "sglang-0", "sglang-0");
    }

    @Test
    void each_vllm_engine_label_is_a_replica_of_its_own() {
        assertThat(owner.jdbc().queryForList("""
                        select replica || ' ' || usage_pct from kv_sample
                         where tenant_id = ? and deployment_id = (select id from deployment where slug = ?)
                         order by ts, replica""", String.class, tenant.id(), vllm))
                .containsExactly(
                        "vllm-a engine=0 41.25", "vllm-a engine=1 27.5",
                        "vllm-a engine=0 41.25", "vllm-a engine=1 27.5",
                        "vllm-a engine=0 41.25", "vllm-a engine=1 27.5");
    }

    @Test
    void running_and_waiting_requests_are_stored_from_every_scrape() {
        assertThat(gauge(sglang, "running")).isEqualTo(new Merged(3, 162 * 3, 162, 162));
        assertThat(gauge(sglang, "waiting")).isEqualTo(new Merged(3, 2826 * 3, 2826, 2826));
        assertThat(gauge(vllm, "running")).isEqualTo(new Merged(6, (12 + 9) * 3, 9, 12));
        assertThat(gauge(vllm, "waiting")).isEqualTo(new Merged(6, 3 * 3, 0, 3));
    }

    @Test
    void token_counters_become_rates_and_a_restart_counts_the_new_value_from_zero() {
        double doubled = 8.128902e6 / seconds(scrapedAt.get(0), scrapedAt.get(1));
        double restarted = 8.128902e6 / seconds(scrapedAt.get(1), scrapedAt.get(2));

        Merged prompt = gauge(sglang, "prompt_tokens");

        assertThat(prompt.samples()).isEqualTo(2);
        assertThat(prompt.min()).isCloseTo(Math.min(doubled, restarted), within(1e-6));
        assertThat(prompt.max()).isCloseTo(Math.max(doubled, restarted), within(1e-6));
    }

    @Test
    void prefix_cache_hit_rate_is_read_from_counter_increases_per_engine_and_from_sglangs_gauge() {
        assertThat(gauge(vllm, "prefix_hit")).isEqualTo(new Merged(4, 25 + 50 + 25 + 50, 25, 50));
        Merged sglangHits = gauge(sglang, "prefix_hit");
        assertThat(sglangHits.samples()).isEqualTo(3);
        assertThat(sglangHits.max()).isCloseTo(0.7507552643049313, within(1e-12));
    }

    @Test
    void engine_ttft_histogram_increases_become_per_bucket_counts_in_the_minute_rollups() {
        long[] perBucket = {0, 0, 0, 0, 1, 2, 3, 0, 0, 0, 0, 21, 113, 174, 627, 389, 640, 356, 91, 96, 8495};
        long[] twice = Arrays.stream(perBucket).map(count -> 2 * count).toArray();

        List<EngineLatencyRollup> ttft = latency(sglang, "ttft");

        assertThat(ttft).isNotEmpty();
        assertThat(ttft.getFirst().upperBounds()).hasSize(21).endsWith(Double.POSITIVE_INFINITY);
        assertThat(sumOf(ttft)).containsExactly(twice);
        assertThat(latency(sglang, "itl")).isNotEmpty();
        assertThat(latency(sglang, "e2e")).isNotEmpty();
    }

    @Test
    void a_healthy_target_shows_its_last_success_and_how_many_series_it_read() {
        ScrapeTarget target =
                targets.targets(TenantScope.tenant(tenant.id()), sglang).getFirst();

        assertThat(target.lastSuccessAt()).isNotNull();
        assertThat(target.lastError()).isNull();
        assertThat(target.seriesRead()).isEqualTo(91);
        assertThat(target.failures()).isZero();
    }

    private ScrapeTarget add(String deployment, String url, String replica) {
        return targets.add(TenantScope.tenant(tenant.id()), deployment, url, replica, null, null, null);
    }

    private void makeDue() {
        owner.jdbc()
                .update(
                        "update scrape_target set next_scrape_at = now() - interval '1 second' where tenant_id = ?",
                        tenant.id());
    }

    private Instant takenAt(long target) {
        return Instant.parse(owner.jdbc()
                .queryForObject(
                        "select counter_memory ->> 'takenAt' from scrape_target where id = ?", String.class, target));
    }

    private static double seconds(Instant from, Instant to) {
        return Duration.between(from, to).toMillis() / 1000.0;
    }

    private Merged gauge(String deployment, String metric) {
        long deploymentId = deploymentId(deployment);
        List<EngineGaugeRollup> rows = transactions.call(
                TenantScope.tenant(tenant.id()),
                () -> gauges.read(tenant.id(), deploymentId, Resolution.MINUTE, FAR_PAST, FAR_FUTURE));
        return rows.stream()
                .filter(row -> row.metric().equals(metric))
                .map(row -> new Merged(row.samples(), row.sum(), row.min(), row.max()))
                .reduce(Merged::plus)
                .orElseThrow();
    }

    private List<EngineLatencyRollup> latency(String deployment, String metric) {
        long deploymentId = deploymentId(deployment);
        return transactions
                .call(
                        TenantScope.tenant(tenant.id()),
                        () -> latencies.read(tenant.id(), deploymentId, Resolution.MINUTE, FAR_PAST, FAR_FUTURE))
                .stream()
                .filter(row -> row.metric().equals(metric))
                .toList();
    }

    private static long[] sumOf(List<EngineLatencyRollup> rows) {
        long[] sum = new long[rows.getFirst().counts().length];
        for (EngineLatencyRollup row : rows) {
            long[] counts = row.counts();
            for (int i = 0; i < sum.length; i++) {
                sum[i] += counts[i];
            }
        }
        return sum;
    }

    private long deploymentId(String slug) {
        return owner.jdbc().queryForObject("select id from deployment where slug = ?", Long.class, slug);
    }

    record Merged(long samples, double sum, double min, double max) {
        Merged plus(Merged other) {
            return new Merged(
                    samples + other.samples, sum + other.sum, Math.min(min, other.min), Math.max(max, other.max));
        }
    }
}
