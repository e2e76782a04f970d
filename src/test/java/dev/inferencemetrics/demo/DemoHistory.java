package dev.inferencemetrics.demo;

import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Test-side door to the demo's own traffic model, so a test shows a demo deployment as the demo draws it. */
public final class DemoHistory {

    private DemoHistory() {}

    /**
     * Ingests the demo traffic of {@code slug} for {@code [from, to)} with its burst placed to end {@code burstEnd}:
     * the demo places a burst relative to the deployment's creation, which a test cannot choose.
     */
    public static void ingest(
            DeploymentService deployments,
            IngestService ingest,
            String slug,
            Instant burstEnd,
            Instant from,
            Instant to) {
        ingestAs(deployments, ingest, slug, slug, burstEnd, from, to);
    }

    /** {@link #ingest} of the demo deployment {@code demoSlug}'s traffic into another deployment, {@code slug}. */
    public static void ingestAs(
            DeploymentService deployments,
            IngestService ingest,
            String demoSlug,
            String slug,
            Instant burstEnd,
            Instant from,
            Instant to) {
        DeploymentBehaviour behaviour = DemoTraffic.BEHAVIOURS.stream()
                .filter(b -> b.slug().equals(demoSlug))
                .findFirst()
                .orElseThrow();
        Burst burst = behaviour.burst();
        Instant anchor = burst == null ? from : burstEnd.plus(burst.before()).minus(burst.length());
        TrafficModel model = new TrafficModel(behaviour, anchor);
        long tenant = deployments.require(TenantScope.allTenants(), slug).tenantId();
        ApiClient gateway = new ApiClient(tenant, 0, "test", EnumSet.of(ApiScope.INGEST));
        for (Instant start = from; start.isBefore(to); start = start.plus(Duration.ofMinutes(5))) {
            Instant end = start.plus(Duration.ofMinutes(5)).isBefore(to) ? start.plus(Duration.ofMinutes(5)) : to;
            ingest.ingestRequests(gateway, slug, List.<JsonNode>copyOf(model.requests(start, end)));
        }
    }
}
