package dev.inferencemetrics.deployment;

import dev.inferencemetrics.security.TenantScope;
import java.time.Clock;
import java.util.List;
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
