package dev.inferencemetrics.deployment;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.tenancy.TenantScope;
import java.util.List;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Which OTLP service names and model names belong to which deployment. Operators set them on the deployment; the
 * trace receiver reads a tenant's routes once per export call.
 */
@Service
public class DeploymentOtlpNames {

    private final DeploymentService deployments;
    private final OtlpNameStore store;
    private final ApplicationEventPublisher events;

    DeploymentOtlpNames(DeploymentService deployments, OtlpNameStore store, ApplicationEventPublisher events) {
        this.deployments = deployments;
        this.store = store;
        this.events = events;
    }

    @Transactional(readOnly = true)
    public OtlpNames of(TenantScope scope, String slug) {
        return of(deployments.require(scope, slug));
    }

    /** The names of a deployment the caller has resolved already. */
    @Transactional(readOnly = true)
    public OtlpNames of(DeploymentRef deployment) {
        return store.of(deployment);
    }

    /**
     * Replaces the deployment's names (operators only); a change is published for the audit log.
     *
     * @throws UnusableValueException naming a name too long or already another deployment's; nothing changes then
     */
    @Transactional
    public void replace(TenantScope scope, String slug, OtlpNames names) {
        scope.requireOperator("Only operators change deployments.");
        names.problem().ifPresent(problem -> {
            throw new UnusableValueException(problem);
        });
        OtlpNames before = of(scope, slug);
        if (before.equals(names)) {
            return;
        }
        DeploymentRef deployment = deployments.require(scope, slug);
        store.deleteAll(deployment);
        insert(deployment, "service", names.serviceNames());
        insert(deployment, "model", names.modelNames());
        events.publishEvent(new DeploymentOtlpNamesChanged(deployment.id(), deployment.tenantId(), before, names));
    }

    /** The tenant's routes, read with that tenant declared. */
    @Transactional(readOnly = true)
    public OtlpRoutes routes(TenantScope.SingleTenant tenant) {
        return store.routes(tenant.tenantId());
    }

    private void insert(DeploymentRef deployment, String kind, List<String> names) {
        for (String name : names) {
            store.owner(deployment.tenantId(), kind, name).ifPresent(owner -> {
                throw new UnusableValueException(
                        "The " + kind + " name " + name + " already belongs to deployment " + owner + ".");
            });
            store.insert(deployment, kind, name);
        }
    }
}
