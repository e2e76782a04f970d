package dev.inferencemetrics.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.metrics.DeploymentMetrics.Summary;
import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.IntegrationTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumSet;
import java.util.List;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

@IntegrationTest
class DemoTrafficIT {

    private static final Percentage TEN_PERCENT = Percentage.withPercentage(10);

    @Autowired
    TenantService tenants;

    @Autowired
    DeploymentService deployments;

    @Autowired
    IngestService ingest;

    @Autowired
    MetricsQueryService metrics;

    @Autowired
    Clock clock;

    private Instant anchor;
    private TrafficModel qwen;

    @BeforeEach
    void qwenTrafficFromTheDemoModel() {
        anchor = clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(2));
        DeploymentBehaviour behaviour = DemoTraffic.BEHAVIOURS.stream()
                .filter(b -> b.slug().equals("qwen3-coder"))
                .findFirst()
                .orElseThrow();
        qwen = new TrafficModel(behaviour, anchor);
    }

    @Test
    void the_settled_phase_reproduces_the_target_figures() {
        String slug = deploymentFor("settled");
        Instant from = anchor.plus(Duration.ofMinutes(10));
        Instant to = from.plus(Duration.ofHours(1).plusMinutes(40));
        send(slug, from, to);

        Summary summary = query(slug, from, to);

        assertThat(summary.ttft().p50()).isCloseTo(76, TEN_PERCENT);
        assertThat(summary.ttft().tail()).isCloseTo(2.7, TEN_PERCENT);
        assertThat(summary.itl().p50()).isCloseTo(18, TEN_PERCENT);
        assertThat(summary.itl().tail()).isCloseTo(1.8, TEN_PERCENT);
        assertThat(summary.e2e().p50()).isCloseTo(11_000, TEN_PERCENT);
        assertThat(summary.kvCache().mean()).isBetween(2.0, 3.0);
    }

    @Test
    void the_burst_fills_the_kv_cache_near_thirty_percent_and_pushes_ttft_p99_near_a_second() {
        String slug = deploymentFor("burst");
        Instant from = anchor.minus(Duration.ofHours(2));
        send(slug, from, from.plus(Duration.ofMinutes(20)));

        Summary summary = query(slug, from, from.plus(Duration.ofMinutes(20)));

        assertThat(summary.kvCache().peak()).isBetween(27.0, 36.0);
        assertThat(summary.ttft().p99()).isBetween(750.0, 1300.0);
        assertThat(summary.requests()).isGreaterThan(5_000);
    }

    @Test
    void under_the_burst_queueing_is_reported_for_every_ok_request_and_stays_inside_ttft() {
        String slug = deploymentFor("queue");
        Instant from = anchor.minus(Duration.ofHours(2));
        send(slug, from, from.plus(Duration.ofMinutes(20)));

        Summary summary = query(slug, from, from.plus(Duration.ofMinutes(20)));

        assertThat(summary.queue().count()).isEqualTo(summary.ttft().count());
        assertThat(summary.queue().p99()).isPositive().isLessThan(summary.ttft().p99());
    }

    @Test
    void the_same_stretch_generates_the_same_requests_so_a_resend_is_not_counted_twice() {
        String slug = deploymentFor("resend");
        Instant from = anchor.plus(Duration.ofHours(1));
        Instant to = from.plus(Duration.ofMinutes(30));
        send(slug, from, to);
        long once = query(slug, from, to).requests();

        send(slug, from, to);

        assertThat(query(slug, from, to).requests()).isEqualTo(once).isPositive();
        assertThat(qwen.requests(from, to)).hasSize((int) once);
    }

    private String deploymentFor(String name) {
        long tenant = tenants.createIfAbsent("traffic-labs", "Traffic Labs");
        String slug = "sim-" + name;
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, "Sim " + name, "m", "Dynamo", "eu"));
        return slug;
    }

    private void send(String slug, Instant from, Instant to) {
        long tenant = deployments.require(TenantScope.allTenants(), slug).tenantId();
        ApiClient gateway = new ApiClient(tenant, 0, "test", EnumSet.of(ApiScope.INGEST));
        ingest.ingestRequests(gateway, slug, List.<JsonNode>copyOf(qwen.requests(from, to)));
        ingest.ingestKvCache(gateway, slug, List.<JsonNode>copyOf(qwen.kvReadings(from, to)));
    }

    private Summary query(String slug, Instant from, Instant to) {
        return metrics.query(TenantScope.allTenants(), slug, QueryWindow.of(from, to, null))
                .summary();
    }
}
