package dev.inferencemetrics.testing;

import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.rollup.EngineGaugeRollup;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.rollup.EngineLatencyRollup;
import dev.inferencemetrics.rollup.EngineLatencyRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.tenant.TenantService;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.springframework.context.ApplicationContext;

/**
 * A deployment known only from its engines' /metrics (no per-request source), with a viewer of its tenant: one minute
 * of queue, prefix-cache gauges and a TTFT histogram, five minutes back. Seeded once into the shared test database,
 * so the deployment page's and the fleet overview's tests see the same deployment.
 */
public final class EngineOnlyDeployment {

    public static final String SLUG = "scraped-only";
    public static final String VIEWER = "scrape-viewer";

    private EngineOnlyDeployment() {}

    public static void seed(ApplicationContext context) {
        long tenant = context.getBean(TenantService.class).createIfAbsent("scrape-labs", "Scrape Labs");
        context.getBean(UserAccounts.class).createIfAbsent(tenant, VIEWER, "Sam Viewer", "demo", Role.TENANT_VIEWER);
        DeploymentService deployments = context.getBean(DeploymentService.class);
        if (!deployments.createIfAbsent(new DeploymentDefinition(tenant, SLUG, "Scraped", "m", "SGLang", "eu-1"))) {
            return;
        }
        long deployment = deployments.require(TenantScope.tenant(tenant), SLUG).id();
        Instant minute = Resolution.MINUTE.bucketOf(
                context.getBean(Clock.class).instant().minus(Duration.ofMinutes(5)));
        context.getBean(TenantTransactions.class).run(TenantScope.tenant(tenant), () -> {
            context.getBean(EngineGaugeRollupStore.class)
                    .add(
                            tenant,
                            deployment,
                            Resolution.MINUTE,
                            List.of(
                                    new EngineGaugeRollup("running", minute, 2, 30, 10, 20),
                                    new EngineGaugeRollup("waiting", minute, 2, 8, 2, 6),
                                    EngineGaugeRollup.of("prefix_hit", minute, 42.5)));
            // 100 TTFTs: 40 up to 100 ms, 40 in (100, 150] ms, 19 in (150, 250] ms, 1 above
            context.getBean(EngineLatencyRollupStore.class)
                    .add(
                            tenant,
                            deployment,
                            Resolution.MINUTE,
                            List.of(new EngineLatencyRollup(
                                    "ttft",
                                    minute,
                                    new double[] {0.1, 0.15, 0.25, Double.POSITIVE_INFINITY},
                                    new long[] {40, 40, 19, 1})));
        });
    }
}
