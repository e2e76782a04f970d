package dev.inferencemetrics.scrape;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.inferencemetrics.metrics.EngineGaugeQueryService;
import dev.inferencemetrics.metrics.EngineGauges;
import dev.inferencemetrics.metrics.EngineGauges.GaugePoint;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.ScrapeAllowList;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Two DCGM exporters on 127.0.0.1, each a target of one deployment, serve real published scrapes — a Tesla T4 at work
 * and an idle L4 — and are scraped once: the deployment's GPU series are each interval's mean over both GPUs, and the
 * fleet averages them over the hour.
 */
class DcgmScrapeIT extends ApiIntegrationTest {

    private static final double T4_MEMORY = 100.0 * 5120 / (5120 + 9791);

    @Autowired
    ScrapeRunner runner;

    @Autowired
    ScrapeTargetService targets;

    @Autowired
    EngineGaugeQueryService gauges;

    @Autowired
    TenantTransactions transactions;

    @Autowired
    OwnerJdbc owner;

    @Autowired
    AllowListService allowList;

    private final EngineServer exporters = new EngineServer();
    private String deployment;
    private Instant scrapedAt;

    DcgmScrapeIT() {
        super("dcgm-scrape");
    }

    @BeforeAll
    void scrapeBothExportersOnce() {
        ScrapeAllowList.permitLoopback(allowList);
        deployment = tenant.deployment("gpus");
        exporters.serve("/t4/metrics", ScrapeReaderTest.DATASETS.resolve("dcgm-exporter-tesla-t4-busy.txt"));
        exporters.serve("/l4/metrics", ScrapeReaderTest.DATASETS.resolve("dcgm-exporter-l4-idle.txt"));
        TenantScope scope = TenantScope.tenant(tenant.id());
        targets.add(scope, deployment, exporters.url("/t4/metrics"), "node-t4", null, null, null);
        targets.add(scope, deployment, exporters.url("/l4/metrics"), "node-l4", null, null, null);
        owner.jdbc()
                .update(
                        "update scrape_target set next_scrape_at = now() - interval '1 second' where tenant_id = ?",
                        tenant.id());
        scrapedAt = clock.instant();
        // other classes' targets may be due too
        assertThat(runner.scrapeDueNow()).isGreaterThanOrEqualTo(2);
    }

    @AfterAll
    void stopExporters() {
        exporters.close();
    }

    @Test
    void each_interval_holds_the_mean_over_every_gpu_and_the_busiest_one() {
        EngineGauges read = read();

        GaugePoint utilisation = only(read, EngineGauges.GPU_UTIL);
        assertThat(List.of(utilisation.avg(), utilisation.max(), utilisation.min()))
                .containsExactly(45.5, 91.0, 0.0);
        GaugePoint memory = only(read, EngineGauges.GPU_MEMORY);
        assertThat(memory.avg()).isCloseTo(T4_MEMORY / 2, within(1e-9));
        assertThat(memory.max()).isCloseTo(T4_MEMORY, within(1e-9));
        assertThat(memory.min()).isZero();
        assertThat(only(read, EngineGauges.GPU_POWER).avg()).isCloseTo((68.244 + 16.365) / 2, within(1e-9));
        assertThat(only(read, EngineGauges.GPU_ACTIVE).avg()).isCloseTo(15.6205 / 2, within(1e-9));
    }

    @Test
    void the_fleet_gives_the_hours_mean_gpu_utilisation_and_memory_use() {
        JsonNode row = StreamSupport.stream(
                        api.get("/api/v1/fleet", key).json().path("deployments").spliterator(), false)
                .filter(entry -> entry.path("slug").asString().equals(deployment))
                .findFirst()
                .orElseThrow();

        assertThat(row.path("gpuUtilisationMean").asDouble()).isCloseTo(45.5, within(1e-9));
        assertThat(row.path("gpuMemoryMean").asDouble()).isCloseTo(T4_MEMORY / 2, within(1e-9));
    }

    @Test
    void both_exporters_are_healthy_targets_with_the_series_they_served() {
        List<ScrapeTarget> listed = targets.targets(TenantScope.tenant(tenant.id()), deployment);

        assertThat(listed).allSatisfy(target -> assertThat(target.lastError()).isNull());
        assertThat(listed).extracting(ScrapeTarget::seriesRead).containsExactlyInAnyOrder(20, 23);
    }

    private EngineGauges read() {
        // hour-long intervals, so both scrapes of the one poll fall into one of them
        QueryWindow window = QueryWindow.of(
                scrapedAt.minus(Duration.ofHours(1)), scrapedAt.plus(Duration.ofHours(1)), Duration.ofHours(1));
        return transactions.call(
                TenantScope.tenant(tenant.id()),
                () -> gauges.query(TenantScope.tenant(tenant.id()), deployment, window));
    }

    /** The one interval with readings. */
    private static GaugePoint only(EngineGauges read, String metric) {
        List<GaugePoint> filled =
                read.of(metric).stream().filter(point -> point.avg() != null).toList();
        assertThat(filled).as(metric).hasSize(1);
        return filled.getFirst();
    }
}
