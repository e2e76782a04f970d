package dev.inferencemetrics.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.alert.AlertEvaluator;
import dev.inferencemetrics.alert.AlertFilter;
import dev.inferencemetrics.alert.AlertService;
import dev.inferencemetrics.alert.AlertState;
import dev.inferencemetrics.alert.AlertSummary;
import dev.inferencemetrics.alert.Severity;
import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import dev.inferencemetrics.slo.SloService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/** The demo's Llama 70B, with the demo's own traffic model, pages at the first evaluation after its history. */
@IntegrationTest
class DemoAlertIT {

    private static final String LLAMA = "llama-3-1-70b";

    @Autowired
    DeploymentService deployments;

    @Autowired
    IngestService ingest;

    @Autowired
    SloService slos;

    @Autowired
    AlertEvaluator evaluator;

    @Autowired
    AlertService alerts;

    @Autowired
    Clock clock;

    @Test
    void llama_70b_breaches_its_demo_objective_and_its_fast_burn_page_fires() {
        TenantScope all = TenantScope.allTenants();
        Instant now = clock.instant();
        DeploymentBehaviour behaviour = DemoTraffic.BEHAVIOURS.stream()
                .filter(b -> b.slug().equals(LLAMA))
                .findFirst()
                .orElseThrow();
        TrafficModel llama = new TrafficModel(behaviour, now.minus(Duration.ofDays(1)));
        long tenant = deployments.require(all, LLAMA).tenantId();
        ApiClient gateway = new ApiClient(tenant, 0, "test", EnumSet.of(ApiScope.INGEST));
        ingest.ingestRequests(
                gateway, LLAMA, List.<JsonNode>copyOf(llama.requests(now.minus(Duration.ofMinutes(70)), now)));

        evaluator.evaluate(List.of(deployments.require(all, LLAMA)), now, () -> true);

        assertThat(slos.objectives(all, LLAMA)).contains(new SloObjective(SloKind.TTFT, 99, 400.0, true));
        List<AlertSummary> firing = alerts.alerts(
                all, new AlertFilter(now.minusSeconds(1), now.plusSeconds(1), null, LLAMA, AlertState.FIRING, 50));
        assertThat(firing)
                .filteredOn(alert -> alert.severity() == Severity.PAGE)
                .extracting(AlertSummary::rule)
                .contains("TTFT fast burn");
    }
}
