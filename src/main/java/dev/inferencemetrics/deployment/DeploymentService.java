package dev.inferencemetrics.deployment;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.tenancy.AcrossTenants;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Lists, creates and changes deployments, always within the caller's tenant scope. An archived deployment, or any
 * deployment of an archived tenant, is left out of lists unless asked for and takes no samples; it stays readable.
 */
@Service
public class DeploymentService {

    /** What {@link #ref(java.sql.ResultSet)} reads, of a deployment {@code d} joined to its tenant {@code t}. */
    private final DeploymentRepository deployments;

    private final DeploymentRefStore refs;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    DeploymentService(
            DeploymentRepository deployments, DeploymentRefStore refs, ApplicationEventPublisher events, Clock clock) {
        this.deployments = deployments;
        this.refs = refs;
        this.events = events;
        this.clock = clock;
    }

    /** The active deployments the scope covers. */
    @Transactional(readOnly = true)
    public List<DeploymentListItem> visibleTo(TenantScope scope) {
        return visibleTo(scope, false);
    }

    /** The deployments the scope covers; archived ones (or those of archived tenants) only when asked for. */
    @Transactional(readOnly = true)
    public List<DeploymentListItem> visibleTo(TenantScope scope, boolean includeArchived) {
        return switch (scope) {
            case TenantScope.AllTenants all -> deployments.listAll(includeArchived);
            case TenantScope.SingleTenant tenant -> deployments.listForTenant(tenant.tenantId(), includeArchived);
        };
    }

    /** Longest page a list may ask for: a screen holds far fewer rows, and a query never reads the whole fleet. */
    public static final int MAX_PAGE = 500;

    /** One page of the deployments the scope covers that match the filter, by name: what a lazy list shows. */
    @Transactional(readOnly = true)
    public List<DeploymentListItem> page(TenantScope scope, DeploymentFilter filter, int offset, int limit) {
        if (offset < 0 || limit < 0) {
            throw new IllegalArgumentException("A page starts at 0 or later and holds 0 rows or more.");
        }
        return refs.page(onlyTenant(scope), filter, offset, Math.min(limit, MAX_PAGE));
    }

    /** How many deployments the scope covers that match the filter. */
    @Transactional(readOnly = true)
    public int count(TenantScope scope, DeploymentFilter filter) {
        return refs.count(onlyTenant(scope), filter);
    }

    /** The deployment with this slug as lists show it, if the scope includes its tenant, archived or not. */
    @Transactional(readOnly = true)
    public Optional<DeploymentListItem> listItem(TenantScope scope, String slug) {
        return refs.listItem(onlyTenant(scope), slug);
    }

    /**
     * The deployment with this slug, if the scope includes its tenant, archived or not.
     *
     * @throws DeploymentNotFoundException if there is none
     * @throws ForeignDeploymentException if it belongs to a tenant outside the scope
     */
    @Transactional(readOnly = true)
    public DeploymentRef require(TenantScope scope, String slug) {
        DeploymentRef deployment = refs.bySlug(slug)
                .orElseThrow(() -> refs.slugExistsInAnyTenant(slug)
                        ? new ForeignDeploymentException(slug)
                        : new DeploymentNotFoundException(slug));
        if (!scope.includes(deployment.tenantId())) {
            throw new ForeignDeploymentException(slug);
        }
        return deployment;
    }

    /**
     * The deployment with this slug, if it may take samples.
     *
     * @throws DeploymentArchivedException if it or its tenant is archived
     * @see #require(TenantScope, String) for the other refusals
     */
    @Transactional(readOnly = true)
    public DeploymentRef requireActive(TenantScope scope, String slug) {
        DeploymentRef deployment = require(scope, slug);
        if (!deployment.active()) {
            throw new DeploymentArchivedException(slug);
        }
        return deployment;
    }

    /** The active deployments the scope covers, as other features need them (alert evaluation, for one). */
    @Transactional(readOnly = true)
    public List<DeploymentRef> activeRefs(TenantScope scope) {
        return refs.active();
    }

    /** Creates the deployment unless its slug is taken; returns whether it was created. */
    @AcrossTenants
    @Transactional
    public boolean createIfAbsent(DeploymentDefinition definition) {
        if (deployments.existsBySlug(definition.slug())) {
            return false;
        }
        priced(deployments.save(new Deployment(definition, clock.instant())), definition);
        return true;
    }

    /**
     * Creates the deployment unless its slug is taken (operators only), published for the audit log; returns whether
     * it was created.
     *
     * @throws UnusableValueException saying what is wrong with the definition; nothing is created then
     */
    @Transactional
    public boolean create(TenantScope scope, long actorUserId, DeploymentDefinition definition) {
        requireOperator(scope);
        definition.problem().ifPresent(problem -> {
            throw new UnusableValueException(problem);
        });
        if (refs.slugExistsInAnyTenant(definition.slug())) {
            return false;
        }
        Deployment deployment = deployments.save(new Deployment(definition, clock.instant()));
        priced(deployment, definition);
        events.publishEvent(new DeploymentCreated(
                actorUserId, id(deployment), deployment.getTenantId(), deployment.getSlug(), definition.changes()));
        return true;
    }

    /** The deployment with this slug if the scope includes its tenant, archived or not. */
    @Transactional(readOnly = true)
    public Optional<DeploymentRef> find(TenantScope scope, String slug) {
        return refs.bySlug(slug).filter(deployment -> scope.includes(deployment.tenantId()));
    }

    /**
     * Changes the deployment's name, model, engine, region and SLOs (operators only).
     *
     * @throws UnusableValueException saying what is wrong with the changes; nothing is changed then
     */
    @Transactional
    public void edit(TenantScope scope, long actorUserId, String slug, DeploymentChanges changes) {
        Deployment deployment = operatorsDeployment(scope, slug);
        DeploymentChanges wanted = changes.trimmed();
        wanted.problem().ifPresent(problem -> {
            throw new UnusableValueException(problem);
        });
        DeploymentChanges before = deployment.currentSettings();
        if (wanted.sameAs(before)) {
            return;
        }
        deployment.apply(wanted);
        // written now, so that reads by SQL later in the same transaction (provisioning answers) see the change
        deployments.flush();
        events.publishEvent(new DeploymentEdited(
                actorUserId, id(deployment), deployment.getTenantId(), before, wanted, deployment.getSlug()));
    }

    /**
     * Holds the deployment's TTFT and ITL objectives at the preset's 99 % within its thresholds as they now stand
     * (operators only): call it after saving the thresholds the preset filled in, so the operator's changes to them
     * count.
     */
    @Transactional
    public void applyPreset(TenantScope scope, String slug, SloPreset preset) {
        operatorsDeployment(scope, slug);
        events.publishEvent(new SloPresetApplied(require(scope, slug), preset));
    }

    /** Archives the deployment (operators only); returns false if it already was, keeping its first archive date. */
    @Transactional
    public boolean archive(TenantScope scope, long actorUserId, String slug) {
        Deployment deployment = operatorsDeployment(scope, slug);
        if (deployment.getArchivedAt() != null) {
            return false;
        }
        deployment.archive(clock.instant());
        events.publishEvent(
                new DeploymentArchived(actorUserId, id(deployment), deployment.getTenantId(), deployment.getSlug()));
        return true;
    }

    /** Makes an archived deployment active again (operators only); returns false if it was not archived. */
    @Transactional
    public boolean restore(TenantScope scope, long actorUserId, String slug) {
        Deployment deployment = operatorsDeployment(scope, slug);
        if (deployment.getArchivedAt() == null) {
            return false;
        }
        deployment.restore();
        events.publishEvent(
                new DeploymentRestored(actorUserId, id(deployment), deployment.getTenantId(), deployment.getSlug()));
        return true;
    }

    private static @Nullable Long onlyTenant(TenantScope scope) {
        return switch (scope) {
            case TenantScope.AllTenants all -> null;
            case TenantScope.SingleTenant tenant -> tenant.tenantId();
        };
    }

    private static void requireOperator(TenantScope scope) {
        scope.requireOperator("Only operators change deployments.");
    }

    private Deployment operatorsDeployment(TenantScope scope, String slug) {
        requireOperator(scope);
        return deployments.findBySlug(slug).orElseThrow(() -> new DeploymentNotFoundException(slug));
    }

    /** Billing keeps the first price in the same transaction: a deployment is never without one. */
    private void priced(Deployment deployment, DeploymentDefinition definition) {
        events.publishEvent(new DeploymentFirstPrice(
                deployment.getTenantId(),
                id(deployment),
                definition.priceInputPerMtok(),
                definition.priceOutputPerMtok(),
                definition.currency()));
    }

    private static long id(Deployment deployment) {
        return Objects.requireNonNull(deployment.getId());
    }
}
