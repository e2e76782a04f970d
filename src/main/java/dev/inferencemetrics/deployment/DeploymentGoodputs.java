package dev.inferencemetrics.deployment;

import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Each deployment's goodput SLO. A deployment without one stored has the default ({@link GoodputSlo#defaultFor} its
 * TTFT and ITL thresholds), stored as soon as it first counts requests or is changed, so later changes of the latency
 * SLOs do not shift the goodput figures of the past.
 */
@Service
public class DeploymentGoodputs {

    private final GoodputStore store;
    private final Clock clock;

    DeploymentGoodputs(GoodputStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** The deployment's goodput SLO as it stands, or the default it would start with. */
    @Transactional(readOnly = true)
    public DeploymentGoodput of(DeploymentRef deployment) {
        return store.read(deployment)
                .orElseGet(() -> new DeploymentGoodput(defaultOf(deployment), null, clock.instant()));
    }

    /** The thresholds ingest counts with, held until the caller's transaction ends so no change slips in between. */
    @Transactional(propagation = Propagation.MANDATORY)
    public GoodputSlo lockForCounting(DeploymentRef deployment) {
        return store.readSharing(deployment)
                .or(() -> {
                    store.insertIfAbsent(deployment, defaultOf(deployment), null, clock.instant());
                    return store.readSharing(deployment);
                })
                .map(DeploymentGoodput::slo)
                .orElseThrow(() -> new IllegalStateException("the goodput row was stored just now"));
    }

    /** The current setting, locked until the caller's transaction ends: ingest of the deployment waits. */
    @Transactional(propagation = Propagation.MANDATORY)
    public DeploymentGoodput lockForChange(DeploymentRef deployment) {
        store.insertIfAbsent(deployment, defaultOf(deployment), null, clock.instant());
        return Objects.requireNonNull(
                store.readForChange(deployment).orElse(null), "the goodput row was stored just now");
    }

    /** Sets new thresholds, which the rollups from {@code countedFrom} on are counted with. */
    @Transactional(propagation = Propagation.MANDATORY)
    public void change(DeploymentRef deployment, GoodputSlo slo, Instant countedFrom) {
        store.update(deployment, slo, countedFrom, clock.instant());
    }

    /** The rollups from {@code countedFrom} on (null: all) now count with the current thresholds. */
    @Transactional(propagation = Propagation.MANDATORY)
    public void countedFrom(DeploymentRef deployment, @Nullable Instant countedFrom) {
        store.updateCountedFrom(deployment, countedFrom);
    }

    private static GoodputSlo defaultOf(DeploymentRef deployment) {
        return GoodputSlo.defaultFor(deployment.sloTtftP95Ms(), deployment.sloItlP95Ms());
    }
}
