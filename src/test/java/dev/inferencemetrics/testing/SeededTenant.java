package dev.inferencemetrics.testing;

import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiScope;
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
 * A tenant of a page's test, browserless or in a browser, with its users (who sign in with "demo"), deployments and
 * data, made through the services as the application makes them. Everything is created once per database, so a
 * deployment's data is written only when {@link #addDeployment} says the deployment is new.
 */
public final class SeededTenant {

    private final ApplicationContext context;
    private final long id;

    private SeededTenant(ApplicationContext context, long id) {
        this.context = context;
        this.id = id;
    }

    public static SeededTenant of(ApplicationContext context, String slug, String name) {
        return new SeededTenant(context, context.getBean(TenantService.class).createIfAbsent(slug, name));
    }

    public long id() {
        return id;
    }

    public SeededTenant withUser(String username, String displayName, Role role) {
        context.getBean(UserAccounts.class).createIfAbsent(id, username, displayName, "demo", role);
        return this;
    }

    /** True when the deployment is new, so its data is still to be written. */
    public boolean addDeployment(String slug, String name) {
        return context.getBean(DeploymentService.class).createIfAbsent(definition(slug, name));
    }

    /** True when the deployment is new, so its usage is still to be written. */
    public boolean addDeployment(String slug, String name, String inputPerMtok, String outputPerMtok, String currency) {
        return context.getBean(DeploymentService.class)
                .createIfAbsent(definition(slug, name)
                        .withPrices(new BigDecimal(inputPerMtok), new BigDecimal(outputPerMtok), currency));
    }

    /** An inference gateway of this tenant, with every tenant scope, to ingest through the services. */
    public ApiClient gateway() {
        return new ApiClient(id, 0, "test", ApiScope.tenantScopes());
    }

    public void addUsage(String slug, List<RequestRollup> halfHours) {
        DeploymentRef deployment = context.getBean(DeploymentService.class).require(TenantScope.tenant(id), slug);
        context.getBean(TenantTransactions.class)
                .run(TenantScope.tenant(id), () -> context.getBean(RequestRollupStore.class)
                        .add(id, deployment.id(), Resolution.HALF_HOUR, halfHours));
    }

    /** One successful request's tokens in the first half hour of a UTC day. */
    public static RequestRollup day(LocalDate day, int inputTokens, int outputTokens) {
        RequestRollup rollup = new RequestRollup(day.atStartOfDay().toInstant(ZoneOffset.UTC));
        rollup.addRequest(true, inputTokens, outputTokens);
        return rollup;
    }

    private DeploymentDefinition definition(String slug, String name) {
        return new DeploymentDefinition(id, slug, name, "m", "vLLM", "eu-1");
    }
}
