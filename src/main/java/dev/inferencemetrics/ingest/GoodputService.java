package dev.inferencemetrics.ingest;

import dev.inferencemetrics.deployment.DeploymentGoodput;
import dev.inferencemetrics.deployment.DeploymentGoodputs;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * A deployment's goodput SLO, read and changed. A change counts the history the raw samples still cover again with
 * the new thresholds, half an hour at a time from the newest (see {@link GoodputRecount}); older rollups keep the
 * counts of the thresholds they were ingested with, and {@link DeploymentGoodput#countedFrom} says where that line is.
 */
@Service
public class GoodputService {

    private final DeploymentService deployments;
    private final DeploymentGoodputs goodputs;
    private final GoodputRecount recount;
    private final IngestLimits limits;
    private final Clock clock;

    GoodputService(
            DeploymentService deployments,
            DeploymentGoodputs goodputs,
            GoodputRecount recount,
            IngestLimits limits,
            Clock clock) {
        this.deployments = deployments;
        this.goodputs = goodputs;
        this.recount = recount;
        this.limits = limits;
        this.clock = clock;
    }

    public DeploymentGoodput of(TenantScope scope, String slug) {
        return goodputs.of(deployments.require(scope, slug));
    }

    /**
     * Sets the deployment's goodput SLO and recounts the history its raw samples cover; returns the setting as it
     * then stands.
     */
    public DeploymentGoodput change(TenantScope scope, String slug, GoodputSlo slo) {
        DeploymentRef deployment = deployments.requireActive(scope, slug);
        // no sample ingest accepts lies past this, so every rollup from here on counts with the new thresholds
        Instant end = GoodputRecount.STEP
                .bucketOf(clock.instant().plus(limits.maxFutureSkew()))
                .plus(GoodputRecount.STEP.duration());
        recount.change(deployment, slo, end);
        Optional<Instant> oldest = recount.oldestStep(deployment);
        if (oldest.isEmpty()) {
            recount.noHistory(deployment);
        }
        for (Instant from = end.minus(GoodputRecount.STEP.duration());
                oldest.isPresent() && !from.isBefore(oldest.get());
                from = from.minus(GoodputRecount.STEP.duration())) {
            recount.step(deployment, from, slo);
        }
        return goodputs.of(deployment);
    }
}
