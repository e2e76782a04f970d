package dev.inferencemetrics.deployment;

import dev.inferencemetrics.security.TenantScope;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Lists and creates deployments, always within the caller's tenant scope. */
@Service
public class DeploymentService {

    private final DeploymentRepository deployments;
    private final Clock clock;

    DeploymentService(DeploymentRepository deployments, Clock clock) {
        this.deployments = deployments;
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
        Deployment deployment = deployments.findBySlug(slug).orElseThrow(() -> new DeploymentNotFoundException(slug));
        if (!scope.includes(deployment.getTenantId())) {
            throw new ForeignDeploymentException(slug);
        }
        return new DeploymentRef(
                Objects.requireNonNull(deployment.getId()),
                deployment.getTenantId(),
                deployment.getSlug(),
                deployment.getDisplayName(),
                deployment.getModel(),
                deployment.getEngine(),
                deployment.getRegion(),
                deployment.getSloTtftP95Ms(),
                deployment.getSloItlP95Ms(),
                deployment.getPriceInputPerMtok(),
                deployment.getPriceOutputPerMtok(),
                deployment.getCurrency(),
                deployment.getCreatedAt());
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
