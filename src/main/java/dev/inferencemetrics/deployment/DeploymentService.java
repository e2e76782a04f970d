package dev.inferencemetrics.deployment;

import dev.inferencemetrics.security.TenantScope;
import java.time.Clock;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Lists and creates deployments, always within the caller's tenant scope. */
@Service
public class DeploymentService {

    /** Every ingest batch and metrics query looks a deployment up, so this one read skips the entity machinery. */
    private static final String REF_BY_SLUG = """
            select id, tenant_id, slug, display_name, model, engine, region, slo_ttft_p95_ms, slo_itl_p95_ms,
                   price_input_per_mtok, price_output_per_mtok, currency, created_at
              from deployment
             where slug = ?""";

    private final DeploymentRepository deployments;
    private final JdbcClient jdbc;
    private final Clock clock;

    DeploymentService(DeploymentRepository deployments, JdbcClient jdbc, Clock clock) {
        this.deployments = deployments;
        this.jdbc = jdbc;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public List<DeploymentListItem> visibleTo(TenantScope scope) {
        return switch (scope) {
            case TenantScope.AllTenants all -> deployments.listAll();
            case TenantScope.SingleTenant tenant -> deployments.listForTenant(tenant.tenantId());
        };
    }

    /**
     * The deployment with this slug, if the scope includes its tenant.
     *
     * @throws DeploymentNotFoundException if there is none
     * @throws ForeignDeploymentException if it belongs to a tenant outside the scope
     */
    @Transactional(readOnly = true)
    public DeploymentRef require(TenantScope scope, String slug) {
        DeploymentRef deployment = jdbc.sql(REF_BY_SLUG)
                .param(slug)
                .query((rs, row) -> new DeploymentRef(
                        rs.getLong("id"),
                        rs.getLong("tenant_id"),
                        rs.getString("slug"),
                        rs.getString("display_name"),
                        rs.getString("model"),
                        rs.getString("engine"),
                        rs.getString("region"),
                        rs.getBigDecimal("slo_ttft_p95_ms"),
                        rs.getBigDecimal("slo_itl_p95_ms"),
                        rs.getBigDecimal("price_input_per_mtok"),
                        rs.getBigDecimal("price_output_per_mtok"),
                        rs.getString("currency"),
                        rs.getTimestamp("created_at").toInstant()))
                .optional()
                .orElseThrow(() -> new DeploymentNotFoundException(slug));
        if (!scope.includes(deployment.tenantId())) {
            throw new ForeignDeploymentException(slug);
        }
        return deployment;
    }

    /** Creates the deployment unless its slug is taken; returns whether it was created. */
    @Transactional
    public boolean createIfAbsent(DeploymentDefinition definition) {
        if (deployments.existsBySlug(definition.slug())) {
            return false;
        }
        deployments.save(new Deployment(definition, clock.instant()));
        return true;
    }
}
