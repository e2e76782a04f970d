package dev.inferencemetrics.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.capacity.KneeFinding.Cause;
import dev.inferencemetrics.capacity.KneeFinding.Knee;
import dev.inferencemetrics.demo.DemoHistory;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The demo's Llama 70B, fed six hours of the demo's own traffic model: its load rises and falls each hour against a
 * server that saturates at 0.8 requests/s, so its TTFT p99 outgrows throughput past about half that load.
 */
@IntegrationTest
class LlamaKneeIT {

    private static final String LLAMA = "llama-3-1-70b";

    @Autowired
    DeploymentService deployments;

    @Autowired
    IngestService ingest;

    @Autowired
    CapacityService capacity;

    @Autowired
    Clock clock;

    @Test
    void the_demo_llama_shows_a_knee_where_its_queueing_makes_the_tail_outgrow_throughput() {
        Instant to = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        Instant from = to.minus(Duration.ofHours(6));
        DemoHistory.ingest(deployments, ingest, LLAMA, to, from, to);

        CapacityReport report =
                capacity.report(TenantScope.allTenants(), LLAMA, QueryWindow.of(from, to, Duration.ofMinutes(5)));

        assertThat(report.source()).isEqualTo(ConcurrencySource.LITTLES_LAW);
        assertThat(report.serviceTime()).isNotNull();
        assertThat(report.serviceTime().basis()).isEqualTo(ServiceTime.Basis.TTFT_LESS_QUEUE);
        assertThat(report.knee()).isInstanceOf(Knee.class);
        Knee knee = (Knee) report.knee();
        assertThat(knee.cause()).isEqualTo(Cause.TAIL_OUTGROWS_THROUGHPUT);
        assertThat(knee.overSloEverywhere()).isTrue();
        LoadGroup atKnee = knee.evidence().groups().stream()
                .filter(g -> g.concurrency() == knee.concurrency())
                .findFirst()
                .orElseThrow();
        assertThat(atKnee.requestsPerSecond()).isBetween(0.3, 0.5);
    }
}
