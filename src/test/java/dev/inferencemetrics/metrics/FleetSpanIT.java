package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentSearch;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.metrics.DeploymentMetrics.Summary;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.IntegrationTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The fleet reads an hour as its minutes before the first whole half hour, the whole half hours, and the half hour it
 * ends in as one half-hour rollup — unless minutes of that half hour past the window's end hold requests (samples
 * stamped ahead of the clock), when it reads that half hour's minutes up to the end. Either way every figure is the
 * Metrics page's for the same window. The fleet is read as of a moment in the past, so the window's end lies
 * inside a half hour with minutes after it.
 */
@IntegrationTest
class FleetSpanIT {

    @Autowired
    TenantService tenants;

    @Autowired
    DeploymentService deployments;

    @Autowired
    DeploymentSearch search;

    @Autowired
    IngestService ingest;

    @Autowired
    MetricsQueryService metrics;

    @Autowired
    FleetReader reader;

    @Autowired
    TenantTransactions transactions;

    @Autowired
    Clock clock;

    @Test
    void a_half_hour_with_requests_past_the_windows_end_is_read_by_its_minutes_and_every_figure_matches() {
        long tenant = tenants.createIfAbsent("fleet-span", "Fleet Span");
        TenantScope scope = TenantScope.tenant(tenant);
        // twelve minutes into a half hour three hours ago: the window ends at its 15th minute
        Instant now = Resolution.HALF_HOUR
                .bucketOf(clock.instant().minus(Duration.ofHours(3)))
                .plus(Duration.ofMinutes(12));
        ApiClient gateway = new ApiClient(tenant, 0, "test", EnumSet.of(ApiScope.INGEST));
        SplittableRandom random = new SplittableRandom(18);
        deployments.createIfAbsent(new DeploymentDefinition(tenant, "span-ends-now", "Ends now", "m", "vLLM", "eu"));
        deployments.createIfAbsent(new DeploymentDefinition(tenant, "span-runs-on", "Runs on", "m", "vLLM", "eu"));
        ingest.ingestRequests(gateway, "span-ends-now", samples(now.minus(Duration.ofMinutes(75)), now, random));
        ingest.ingestRequests(
                gateway,
                "span-runs-on",
                samples(now.minus(Duration.ofMinutes(75)), now.plus(Duration.ofMinutes(10)), random));

        List<FleetRow> rows =
                transactions.call(scope, () -> reader.read(scope, search.find(scope, "", false), now)).stream()
                        .map(FleetReader.Figures::row)
                        .toList();

        QueryWindow window = FleetReader.window(now);
        assertThat(window.to()).isEqualTo(now.plus(Duration.ofMinutes(3)));
        double seconds = Duration.between(window.from(), window.to()).getSeconds();
        assertThat(rows).extracting(FleetRow::slug).containsExactlyInAnyOrder("span-ends-now", "span-runs-on");
        for (FleetRow row : rows) {
            Summary summary = metrics.query(scope, row.slug(), window).summary();
            assertThat(summary.requests()).as(row.slug()).isPositive();
            assertThat(row.requestsPerSecond()).as(row.slug()).isEqualTo(summary.requests() / seconds);
            assertThat(row.errorRate()).as(row.slug()).isEqualTo((double) summary.errors() / summary.requests());
            assertThat(List.of(row.ttftP50(), row.ttftP95(), row.ttftP99()))
                    .as(row.slug())
                    .containsExactly(
                            summary.ttft().p50(),
                            summary.ttft().p95(),
                            summary.ttft().p99());
            assertThat(List.of(row.itlP50(), row.itlP95(), row.itlP99()))
                    .as(row.slug())
                    .containsExactly(
                            summary.itl().p50(),
                            summary.itl().p95(),
                            summary.itl().p99());
        }
    }

    /** Six requests a minute from {@code from} to {@code to}, TTFT log-normal around 300 ms, one in twenty failed. */
    private static List<JsonNode> samples(Instant from, Instant to, SplittableRandom random) {
        List<JsonNode> samples = new ArrayList<>();
        int n = 0;
        for (Instant ts = from; ts.isBefore(to); ts = ts.plusSeconds(10)) {
            boolean ok = random.nextInt(20) != 0;
            double ttft = 300 * Math.exp(0.5 * random.nextGaussian());
            String json = ok
                    ? String.format(
                            Locale.ROOT,
                            "{\"requestId\":\"span-%d\",\"ts\":\"%s\",\"ttftMs\":%.1f,\"e2eMs\":%.1f,\"tpotMs\":%.2f,"
                                    + "\"inputTokens\":800,\"outputTokens\":200,\"status\":\"ok\"}",
                            n++,
                            ts,
                            ttft,
                            ttft + 4_000,
                            20 * Math.exp(0.2 * random.nextGaussian()))
                    : String.format(
                            Locale.ROOT,
                            "{\"requestId\":\"span-%d\",\"ts\":\"%s\",\"inputTokens\":0,\"outputTokens\":0,"
                                    + "\"status\":\"error\"}",
                            n++,
                            ts);
            samples.add(JsonMapper.shared().readTree(json));
        }
        return samples;
    }
}
