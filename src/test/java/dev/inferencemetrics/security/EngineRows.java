package dev.inferencemetrics.security;

import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.rollup.EngineGaugeRollup;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.rollup.EngineLatencyRollup;
import dev.inferencemetrics.rollup.EngineLatencyRollupStore;
import dev.inferencemetrics.rollup.EngineReplicaRollupStore;
import dev.inferencemetrics.rollup.ReplicaCount;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.scrape.AllowListService;
import dev.inferencemetrics.scrape.ScrapeTargetService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.testing.ScrapeAllowList;
import dev.inferencemetrics.testing.TestTenant;
import java.time.Instant;
import java.util.List;
import org.springframework.context.ApplicationContext;

/** A tenant's rows in the scraping tables: a target, and what a scrape of it would have stored (replicas counted too). */
final class EngineRows {

    private EngineRows() {}

    static void write(ApplicationContext context, TestTenant tenant, String deployment, Instant now) {
        TenantScope scope = TenantScope.tenant(tenant.id());
        ScrapeAllowList.permitLoopback(context.getBean(AllowListService.class));
        // port 9 (discard) listens nowhere here: a scrape of it fails, which is all the same to these tests
        context.getBean(ScrapeTargetService.class)
                .add(scope, deployment, "http://127.0.0.1:9/metrics", "r0", null, null, "secret-token");
        long deploymentId = context.getBean(DeploymentService.class)
                .require(scope, deployment)
                .id();
        Instant minute = Resolution.MINUTE.bucketOf(now);
        context.getBean(TenantTransactions.class).run(scope, () -> {
            context.getBean(EngineGaugeRollupStore.class)
                    .add(
                            tenant.id(),
                            deploymentId,
                            Resolution.MINUTE,
                            List.of(EngineGaugeRollup.of("waiting", minute, 3)));
            context.getBean(EngineLatencyRollupStore.class)
                    .add(
                            tenant.id(),
                            deploymentId,
                            Resolution.MINUTE,
                            List.of(new EngineLatencyRollup(
                                    "ttft", minute, new double[] {0.1, Double.POSITIVE_INFINITY}, new long[] {4, 1})));
            context.getBean(EngineReplicaRollupStore.class)
                    .add(tenant.id(), List.of(new ReplicaCount(deploymentId, minute, 2)));
        });
    }
}
