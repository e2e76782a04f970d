package dev.inferencemetrics.slo;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.DimensionRollupRangeStore;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Which consumers of a deployment are outside its TTFT objective over a window, from the consumers' rollups. */
@Service
public class ConsumerComplianceService {

    /** The widest window read: a month of half hours for up to the cap of consumers a day. */
    public static final Duration MAX_WINDOW = Duration.ofDays(31);

    public static final int MAX_LIMIT = 1_000;

    private final DeploymentService deployments;
    private final ObjectiveStore objectives;
    private final DimensionRollupRangeStore rollups;

    ConsumerComplianceService(
            DeploymentService deployments, ObjectiveStore objectives, DimensionRollupRangeStore rollups) {
        this.deployments = deployments;
        this.objectives = objectives;
        this.rollups = rollups;
    }

    /**
     * @throws UnusableValueException if the window is wider than {@link #MAX_WINDOW} or the limit out of range
     */
    @Transactional(readOnly = true)
    public ConsumersOutside outside(TenantScope scope, String slug, QueryWindow window, long leastRequests, int limit) {
        if (Duration.between(window.from(), window.to()).compareTo(MAX_WINDOW) > 0) {
            throw new UnusableValueException("consumers are judged over at most " + MAX_WINDOW.toDays() + " days");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new UnusableValueException("limit must be between 1 and " + MAX_LIMIT);
        }
        if (leastRequests < 1) {
            throw new UnusableValueException("minRequests must be at least 1");
        }
        return outside(deployments.require(scope, slug), window, leastRequests, limit);
    }

    /**
     * The consumers with at least {@code leastRequests} requests in the window outside the objective, of a deployment
     * the caller has resolved (its page).
     */
    @Transactional(readOnly = true)
    public ConsumersOutside outside(DeploymentRef deployment, QueryWindow window, long leastRequests, int limit) {
        SloObjective ttft = objectives.objectives(deployment).stream()
                .filter(objective -> objective.kind() == SloKind.TTFT)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("every deployment has a TTFT objective"));
        List<ConsumerBreach> breaches = ConsumerBreach.of(
                ttft,
                rollups.byValue(
                        deployment.tenantId(),
                        deployment.id(),
                        Dimension.CONSUMER,
                        window.resolution(),
                        window.from(),
                        window.to()),
                leastRequests);
        return new ConsumersOutside(
                deployment.slug(),
                window.from(),
                window.to(),
                Objects.requireNonNull(ttft.thresholdMs(), "a TTFT objective has a threshold"),
                ttft.targetPct(),
                ttft.enabled(),
                breaches.size(),
                breaches.stream().limit(limit).toList());
    }
}
