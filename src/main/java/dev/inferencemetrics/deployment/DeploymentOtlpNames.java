package dev.inferencemetrics.deployment;

import dev.inferencemetrics.tenancy.DatabaseTenant;
import dev.inferencemetrics.tenancy.TenantScope;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Which OTLP service names and model names belong to which deployment. Operators set them on the deployment; the
 * trace receiver reads a tenant's routes once per export call.
 */
@Service
public class DeploymentOtlpNames {

    private static final String ROUTES = "select n.kind, n.name, " + DeploymentService.REF_COLUMNS + """

              from deployment_otlp_name n
                   join deployment d on d.tenant_id = n.tenant_id and d.id = n.deployment_id
                   join tenant t on t.id = d.tenant_id
             where n.tenant_id = ?""";

    private final DeploymentService deployments;
    private final JdbcClient jdbc;
    private final DatabaseTenant databaseTenant;
    private final ApplicationEventPublisher events;

    DeploymentOtlpNames(
            DeploymentService deployments,
            JdbcClient jdbc,
            DatabaseTenant databaseTenant,
            ApplicationEventPublisher events) {
        this.deployments = deployments;
        this.jdbc = jdbc;
        this.databaseTenant = databaseTenant;
        this.events = events;
    }

    @Transactional(readOnly = true)
    public OtlpNames of(TenantScope scope, String slug) {
        DeploymentRef deployment = deployments.require(scope, slug);
        List<String> services = new ArrayList<>();
        List<String> models = new ArrayList<>();
        jdbc.sql("select kind, name from deployment_otlp_name where tenant_id = ? and deployment_id = ?")
                .params(deployment.tenantId(), deployment.id())
                .query(rs -> {
                    ("service".equals(rs.getString(1)) ? services : models).add(rs.getString(2));
                });
        return new OtlpNames(services, models);
    }

    /**
     * Replaces the deployment's names (operators only); a change is published for the audit log.
     *
     * @throws IllegalArgumentException naming a name too long or already another deployment's; nothing changes then
     */
    @Transactional
    public void replace(TenantScope scope, String slug, OtlpNames names) {
        if (!(scope instanceof TenantScope.AllTenants)) {
            throw new AccessDeniedException("Only operators change deployments.");
        }
        names.problem().ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
        OtlpNames before = of(scope, slug);
        if (before.equals(names)) {
            return;
        }
        DeploymentRef deployment = deployments.require(scope, slug);
        jdbc.sql("delete from deployment_otlp_name where tenant_id = ? and deployment_id = ?")
                .params(deployment.tenantId(), deployment.id())
                .update();
        insert(deployment, "service", names.serviceNames());
        insert(deployment, "model", names.modelNames());
        events.publishEvent(new DeploymentOtlpNamesChanged(deployment.id(), deployment.tenantId(), before, names));
    }

    /** The tenant's routes; the caller's transaction must have declared a scope that includes the tenant. */
    @Transactional(readOnly = true)
    public OtlpRoutes routes(long tenantId) {
        databaseTenant.declare(TenantScope.tenant(tenantId));
        Map<String, DeploymentRef> byService = new HashMap<>();
        Map<String, DeploymentRef> byModel = new HashMap<>();
        jdbc.sql(ROUTES).param(tenantId).query(rs -> {
            ("service".equals(rs.getString("kind")) ? byService : byModel)
                    .put(rs.getString("name"), DeploymentService.ref(rs));
        });
        return new OtlpRoutes(byService, byModel);
    }

    private void insert(DeploymentRef deployment, String kind, List<String> names) {
        for (String name : names) {
            String owner = jdbc.sql("""
                            select d.slug from deployment_otlp_name n
                                   join deployment d on d.tenant_id = n.tenant_id and d.id = n.deployment_id
                             where n.tenant_id = ? and n.kind = ? and n.name = ?""")
                    .params(deployment.tenantId(), kind, name)
                    .query(String.class)
                    .optional()
                    .orElse(null);
            if (owner != null) {
                throw new IllegalArgumentException(
                        "The " + kind + " name " + name + " already belongs to deployment " + owner + ".");
            }
            jdbc.sql("insert into deployment_otlp_name (tenant_id, deployment_id, kind, name) values (?, ?, ?, ?)")
                    .params(deployment.tenantId(), deployment.id(), kind, name)
                    .update();
        }
    }
}
