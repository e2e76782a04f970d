package dev.inferencemetrics.deployment;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * "Rollups only": how long a high-volume deployment's raw request samples are kept, when shorter than the global raw
 * retention. Its charts, cards, usage and alerts come from rollups as for every deployment; past these hours its
 * requests cannot be listed (the drill-down shows the interval's distribution instead), and a resend arriving after
 * its first copy is gone is no longer recognised as one.
 */
@Service
public class DeploymentRawRetention {

    /** A year: longer is what the global retention is for. */
    public static final int MAX_HOURS = 8_760;

    private final DeploymentService deployments;
    private final DeploymentRefStore refs;
    private final ApplicationEventPublisher events;

    DeploymentRawRetention(DeploymentService deployments, DeploymentRefStore refs, ApplicationEventPublisher events) {
        this.deployments = deployments;
        this.refs = refs;
        this.events = events;
    }

    /** The deployment's own raw retention; empty when the global one applies. */
    @Transactional(readOnly = true)
    public Optional<Duration> of(TenantScope scope, String slug) {
        return of(deployments.require(scope, slug));
    }

    /** The own raw retention of a deployment the caller has resolved already. */
    @Transactional(readOnly = true)
    public Optional<Duration> of(DeploymentRef deployment) {
        return hours(deployment).map(Duration::ofHours);
    }

    /**
     * Sets the deployment's raw retention in whole hours, or back to the global one with null (operators only); the
     * change is published for the audit log.
     *
     * @throws UnusableValueException for hours outside 1–8,760
     */
    @Transactional
    public void set(TenantScope scope, String slug, @Nullable Integer hours) {
        scope.requireOperator("Only operators change deployments.");
        if (hours != null && (hours < 1 || hours > MAX_HOURS)) {
            throw new UnusableValueException(
                    "raw samples are kept between 1 and " + MAX_HOURS + " hours, or as long as the global retention");
        }
        DeploymentRef deployment = deployments.require(scope, slug);
        Integer before = hours(deployment).orElse(null);
        if (Objects.equals(before, hours)) {
            return;
        }
        refs.setRawRetentionHours(deployment, hours);
        events.publishEvent(
                new RawRetentionChanged(deployment.tenantId(), deployment.id(), deployment.slug(), before, hours));
    }

    private Optional<Integer> hours(DeploymentRef deployment) {
        return refs.rawRetentionHours(deployment);
    }
}
