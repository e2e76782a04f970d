package dev.inferencemetrics.deployment;

import dev.inferencemetrics.tenancy.TenantScope;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Finds the deployments of a scope by text in one statement, so a fleet of thousands is listed without a read per
 * deployment; the text is matched in PostgreSQL, so only the matching deployments are read any further.
 */
@Service
public class DeploymentSearch {

    private final DeploymentRefStore refs;

    DeploymentSearch(DeploymentRefStore refs) {
        this.refs = refs;
    }

    /**
     * The deployments the scope covers whose name, slug, model, engine or tenant contains {@code text} (any case; an
     * empty text matches all); archived ones (or those of archived tenants) only when asked for. Unordered.
     */
    @Transactional(readOnly = true)
    public List<ListedDeployment> find(TenantScope scope, String text, boolean includeArchived) {
        Long tenantId =
                switch (scope) {
                    case TenantScope.AllTenants all -> null;
                    case TenantScope.SingleTenant tenant -> tenant.tenantId();
                };
        return refs.search(tenantId, text, includeArchived);
    }
}
