package dev.inferencemetrics.annotation;

import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Adds, lists and removes a deployment's annotations within the caller's tenant scope; every change is audited with
 * who made it. Bad values are refused with a plain reason ({@link UnusableValueException}).
 */
@Service
public class AnnotationService {

    /** More than a chart can show readably; a window holding more gets the first ones. */
    public static final int MAX_LISTED = 500;

    private final DeploymentService deployments;
    private final AnnotationStore annotations;
    private final AuditLog audit;
    private final Clock clock;

    AnnotationService(DeploymentService deployments, AnnotationStore annotations, AuditLog audit, Clock clock) {
        this.deployments = deployments;
        this.annotations = annotations;
        this.audit = audit;
        this.clock = clock;
    }

    /** Annotates an active deployment; returns what was stored. */
    @Transactional
    public Annotation add(TenantScope scope, String slug, AnnotationDraft draft) {
        DeploymentRef deployment = deployments.requireActive(scope, slug);
        String actor = audit.actorName();
        long id = annotations.insert(deployment.tenantId(), deployment.id(), draft, actor, clock.instant());
        audit.record(
                AuditKind.ANNOTATION_CHANGED,
                deployment.tenantId(),
                "Added annotation " + id + " to " + slug + " at " + draft.from()
                        + (draft.to() == null ? "" : " – " + draft.to()) + ": " + draft.text());
        return annotations.byId(deployment.tenantId(), deployment.id(), id).getFirst();
    }

    /** The deployment's annotations that overlap the window, oldest first, at most {@link #MAX_LISTED}. */
    @Transactional(readOnly = true)
    public List<Annotation> overlapping(TenantScope scope, String slug, Instant from, Instant to) {
        return overlapping(deployments.require(scope, slug), from, to);
    }

    /** The annotations of a deployment the caller has resolved already that overlap the window. */
    @Transactional(readOnly = true)
    public List<Annotation> overlapping(DeploymentRef deployment, Instant from, Instant to) {
        if (to.isBefore(from)) {
            throw new UnusableValueException("to must not be before from");
        }
        return annotations.overlapping(deployment.tenantId(), deployment.id(), from, to, MAX_LISTED);
    }

    /** Removes an annotation of the deployment; empty if it has none of that id. */
    @Transactional
    public Optional<Annotation> remove(TenantScope scope, String slug, long id) {
        DeploymentRef deployment = deployments.require(scope, slug);
        Optional<Annotation> found = annotations.byId(deployment.tenantId(), deployment.id(), id).stream()
                .findFirst();
        found.ifPresent(annotation -> {
            annotations.delete(deployment.tenantId(), deployment.id(), id);
            audit.record(
                    AuditKind.ANNOTATION_CHANGED,
                    deployment.tenantId(),
                    "Removed annotation " + id + " of " + slug + ": " + annotation.text());
        });
        return found;
    }
}
