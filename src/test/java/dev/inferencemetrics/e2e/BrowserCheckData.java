package dev.inferencemetrics.e2e;

import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.tenant.TenantService;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The browser-check deployment's data: the last hour of requests (one every 5 s) and KV readings, and thirty days of
 * half-hour rollups ending two hours ago.
 */
final class BrowserCheckData {

    static final String SLUG = "browser-check";

    private final ObjectMapper json;
    private final Instant now;

    BrowserCheckData(ObjectMapper json, Instant now) {
        this.json = json;
        this.now = now;
    }

    /** Creates the tenant, its viewer and the deployment with its data, once per database; returns the tenant. */
    static long seed(ApplicationContext context) {
        TenantService tenants = context.getBean(TenantService.class);
        UserAccounts users = context.getBean(UserAccounts.class);
        DeploymentService deployments = context.getBean(DeploymentService.class);
        IngestService ingest = context.getBean(IngestService.class);
        Clock clock = context.getBean(Clock.class);
        long tenant = tenants.createIfAbsent("browser-labs", "Browser Labs");
        users.createIfAbsent(tenant, "browser-viewer", "Bea Viewer", "demo", Role.TENANT_VIEWER);
        if (deployments.createIfAbsent(new DeploymentDefinition(tenant, SLUG, "Browser Check", "m", "vLLM", "eu"))) {
            ApiClient gateway = new ApiClient(tenant, 0, "test", ApiScope.tenantScopes());
            BrowserCheckData data = new BrowserCheckData(context.getBean(ObjectMapper.class), clock.instant());
            ingest.ingestRequests(gateway, SLUG, data.lastHourOfRequests());
            ingest.ingestKvCache(gateway, SLUG, data.lastHourOfKvReadings());
            long deploymentId =
                    deployments.require(TenantScope.tenant(tenant), SLUG).id();
            RequestRollupStore rollups = context.getBean(RequestRollupStore.class);
            context.getBean(TenantTransactions.class)
                    .run(
                            TenantScope.tenant(tenant),
                            () -> rollups.add(
                                    tenant, deploymentId, Resolution.HALF_HOUR, data.thirtyDaysOfHalfHours()));
        }
        return tenant;
    }

    List<JsonNode> lastHourOfRequests() {
        Instant start = now.minus(55, ChronoUnit.MINUTES);
        SplittableRandom random = new SplittableRandom(5);
        List<JsonNode> samples = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            double ttft = Math.exp(Math.log(76) + 0.5 * random.nextGaussian());
            samples.add(json.readTree(String.format(
                    Locale.ROOT,
                    "{\"requestId\":\"b-%d\",\"ts\":\"%s\",\"ttftMs\":%.2f,\"e2eMs\":%.2f,\"tpotMs\":18,"
                            + "\"inputTokens\":500,\"outputTokens\":620%s}",
                    i,
                    start.plusSeconds(i * 5L),
                    ttft,
                    ttft + 18 * 619,
                    i % 50 == 7 ? ",\"status\":\"error\"" : "")));
        }
        return samples;
    }

    List<JsonNode> lastHourOfKvReadings() {
        Instant start = now.minus(55, ChronoUnit.MINUTES);
        List<JsonNode> readings = new ArrayList<>();
        for (int i = 0; i < 330; i++) {
            readings.add(json.readTree("{\"ts\":\"" + start.plusSeconds(i * 10L)
                    + "\",\"replica\":\"pod-0\",\"usagePct\":" + (2 + i % 3) + "}"));
        }
        return readings;
    }

    List<RequestRollup> thirtyDaysOfHalfHours() {
        Instant end = Resolution.HALF_HOUR.bucketOf(now.minus(2, ChronoUnit.HOURS));
        SplittableRandom random = new SplittableRandom(9);
        List<RequestRollup> halfHours = new ArrayList<>();
        for (Instant bucket = end.minus(30, ChronoUnit.DAYS);
                bucket.isBefore(end);
                bucket = bucket.plus(30, ChronoUnit.MINUTES)) {
            RequestRollup rollup = new RequestRollup(bucket);
            for (int i = 0; i < 200; i++) {
                double ttft = Math.exp(Math.log(80) + 0.5 * random.nextGaussian());
                rollup.addRequest(true, 500, 600);
                rollup.ttft().add(ttft);
                rollup.itl().add(18, 599);
                rollup.e2e().add(ttft + 18 * 599);
            }
            halfHours.add(rollup);
        }
        return halfHours;
    }
}
