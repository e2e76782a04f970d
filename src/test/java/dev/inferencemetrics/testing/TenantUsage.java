package dev.inferencemetrics.testing;

import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.tenant.TenantService;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.context.ApplicationContext;

/**
 * A tenant with priced deployments and token usage written straight into the half-hour rollups billing reads, for the
 * Usage page's browserless and browser tests alike. Everything is created once per database; users sign in with
 * "demo".
 */
public final class TenantUsage {

    private final ApplicationContext context;
    private final long tenantId;

    private TenantUsage(ApplicationContext context, long tenantId) {
        this.context = context;
        this.tenantId = tenantId;
    }

    public static TenantUsage of(ApplicationContext context, String slug, String name) {
        return new TenantUsage(context, context.getBean(TenantService.class).createIfAbsent(slug, name));
    }

    public TenantUsage withUser(String username, String displayName, Role role) {
        context.getBean(UserAccounts.class).createIfAbsent(tenantId, username, displayName, "demo", role);
        return this;
    }

    /** True when the deployment is new, so its usage is still to be written. */
    public boolean addDeployment(String slug, String name, String inputPerMtok, String outputPerMtok, String currency) {
        return context.getBean(DeploymentService.class)
                .createIfAbsent(new DeploymentDefinition(tenantId, slug, name, "m", "vLLM", "eu")
                        .withPrices(new BigDecimal(inputPerMtok), new BigDecimal(outputPerMtok), currency));
    }

    public void addUsage(String slug, List<RequestRollup> halfHours) {
        DeploymentRef deployment = context.getBean(DeploymentService.class).require(TenantScope.tenant(tenantId), slug);
        context.getBean(TenantTransactions.class)
                .run(TenantScope.tenant(tenantId), () -> context.getBean(RequestRollupStore.class)
                        .add(tenantId, deployment.id(), Resolution.HALF_HOUR, halfHours));
    }

    /** One successful request's tokens in the first half hour of a UTC day. */
    public static RequestRollup day(LocalDate day, int inputTokens, int outputTokens) {
        RequestRollup rollup = new RequestRollup(day.atStartOfDay().toInstant(ZoneOffset.UTC));
        rollup.addRequest(true, inputTokens, outputTokens);
        return rollup;
    }
}
