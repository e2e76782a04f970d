package dev.inferencemetrics.deployment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The table {@code deployment_otlp_name}; callers declare the tenant first. */
@Repository
class OtlpNameStore {

    private static final String ROUTES = "select n.kind, n.name, " + DeploymentRefStore.REF_COLUMNS + """

              from deployment_otlp_name n
                   join deployment d on d.tenant_id = n.tenant_id and d.id = n.deployment_id
                   join tenant t on t.id = d.tenant_id
             where n.tenant_id = :tenant""";

    private final JdbcClient jdbc;

    OtlpNameStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    OtlpNames of(DeploymentRef deployment) {
        List<String> services = new ArrayList<>();
        List<String> models = new ArrayList<>();
        jdbc.sql(
                        "select kind, name from deployment_otlp_name where tenant_id = :tenant and deployment_id = :deployment")
                .param("tenant", deployment.tenantId())
                .param("deployment", deployment.id())
                .query(rs -> {
                    ("service".equals(rs.getString("kind")) ? services : models).add(rs.getString("name"));
                });
        return new OtlpNames(services, models);
    }

    void deleteAll(DeploymentRef deployment) {
        jdbc.sql("delete from deployment_otlp_name where tenant_id = :tenant and deployment_id = :deployment")
                .param("tenant", deployment.tenantId())
                .param("deployment", deployment.id())
                .update();
    }

    /** The slug of the tenant's deployment that has this name of this kind already, if one has. */
    Optional<String> owner(long tenantId, String kind, String name) {
        return jdbc.sql("""
                        select d.slug from deployment_otlp_name n
                               join deployment d on d.tenant_id = n.tenant_id and d.id = n.deployment_id
                         where n.tenant_id = :tenant and n.kind = :kind and n.name = :name""")
                .param("tenant", tenantId)
                .param("kind", kind)
                .param("name", name)
                .query(String.class)
                .optional();
    }

    void insert(DeploymentRef deployment, String kind, String name) {
        jdbc.sql("insert into deployment_otlp_name (tenant_id, deployment_id, kind, name)"
                        + " values (:tenant, :deployment, :kind, :name)")
                .param("tenant", deployment.tenantId())
                .param("deployment", deployment.id())
                .param("kind", kind)
                .param("name", name)
                .update();
    }

    /** The tenant's routes: its deployments by service name and by model name. */
    OtlpRoutes routes(long tenantId) {
        Map<String, DeploymentRef> byService = new HashMap<>();
        Map<String, DeploymentRef> byModel = new HashMap<>();
        jdbc.sql(ROUTES).param("tenant", tenantId).query(rs -> {
            ("service".equals(rs.getString("kind")) ? byService : byModel)
                    .put(rs.getString("name"), DeploymentRefStore.ref(rs));
        });
        return new OtlpRoutes(byService, byModel);
    }
}
