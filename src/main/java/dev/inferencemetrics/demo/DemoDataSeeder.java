package dev.inferencemetrics.demo;

import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.database.EmbeddedPostgresServer;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.slo.SloObjective;
import dev.inferencemetrics.slo.SloService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * Seeds the demo world (tenants, users, deployments, documented API keys) at start-up. On by default with the embedded database, off when a database URL is given
 * unless {@code inference-metrics.demo.enabled=true}. Safe to run on every start: nothing is created twice.
 */
@Component
@EnableConfigurationProperties(DemoProperties.class)
class DemoDataSeeder implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(DemoDataSeeder.class);
    static final String PUBLIC_ACCOUNTS = "DEMO MODE: the demo accounts (operator, acme-admin, … — see README) and"
            + " their password and the demo API keys are published in the README: anyone who reaches this server can"
            + " sign in as the operator and read every tenant. Keep it on this machine (SERVER_ADDRESS=127.0.0.1) or"
            + " turn demo mode off (INFERENCE_METRICS_DEMO_ENABLED=false) before others can reach it.";

    private final DemoProperties properties;
    private final boolean embeddedDatabase;
    private final TenantService tenants;
    private final UserAccounts users;
    private final DeploymentService deployments;
    private final ApiKeyService apiKeys;
    private final SloService slos;

    DemoDataSeeder(
            DemoProperties properties,
            ObjectProvider<EmbeddedPostgresServer> embeddedServer,
            TenantService tenants,
            UserAccounts users,
            DeploymentService deployments,
            ApiKeyService apiKeys,
            SloService slos) {
        this.properties = properties;
        this.embeddedDatabase = embeddedServer.getIfAvailable() != null;
        this.tenants = tenants;
        this.users = users;
        this.deployments = deployments;
        this.apiKeys = apiKeys;
        this.slos = slos;
    }

    boolean enabled() {
        Boolean configured = properties.enabled();
        return configured != null ? configured : embeddedDatabase;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (!enabled()) {
            return;
        }
        seed();
        log.warn(PUBLIC_ACCOUNTS);
    }

    void seed() {
        createUser(null, DemoCatalog.OPERATOR);
        String operatorKey = properties.operatorKey();
        if (operatorKey != null && !operatorKey.isBlank()) {
            users.operatorId(DemoCatalog.OPERATOR.username())
                    .ifPresent(operatorId -> apiKeys.ensureOperatorKey(operatorId, "Demo operator key", operatorKey));
        }
        for (DemoCatalog.DemoTenant tenant : DemoCatalog.TENANTS) {
            long tenantId = tenants.createIfAbsent(tenant.slug(), tenant.name());
            tenant.users().forEach(user -> createUser(tenantId, user));
            tenant.deployments().forEach(definition -> createDeployment(definition.apply(tenantId)));
            String key = properties.apiKeys().get(tenant.slug());
            if (key != null) {
                apiKeys.ensureKey(tenantId, "Demo key", ApiScope.tenantScopes(), key);
            }
        }
    }

    /** A new deployment gets its demo objective; an existing one keeps whatever was set since. */
    private void createDeployment(DeploymentDefinition definition) {
        if (deployments.createIfAbsent(definition)) {
            SloObjective objective = DemoCatalog.OBJECTIVES.get(definition.slug());
            if (objective != null) {
                slos.change(TenantScope.allTenants(), definition.slug(), objective);
            }
        }
    }

    private void createUser(@Nullable Long tenantId, DemoCatalog.DemoUser user) {
        users.createIfAbsent(tenantId, user.username(), user.displayName(), properties.password(), user.role());
    }
}
