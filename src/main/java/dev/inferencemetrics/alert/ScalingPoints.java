package dev.inferencemetrics.alert;

import dev.inferencemetrics.capacity.CapacityReport;
import dev.inferencemetrics.capacity.CapacityService;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.metrics.QueryWindow;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The deployments' scaling points for their concurrency rules: the knee of each one's last day (the Capacity tab's
 * detector, at 5-minute intervals), kept for an hour. A knee moves slowly and its read costs a day of rollups, so an
 * evaluation reads at most {@value #READS_PER_CALL} deployments' knees, the stalest first; the others keep what they
 * had (or have none yet) until a later minute. Runs in the caller's transaction, which declares every tenant read.
 */
@org.springframework.stereotype.Component
class ScalingPoints {

    static final Duration KNEE_WINDOW = Duration.ofDays(1);
    static final Duration KNEE_STEP = Duration.ofMinutes(5);
    static final Duration KEPT_FOR = Duration.ofHours(1);
    static final int READS_PER_CALL = 20;

    private final CapacityService capacity;
    private final Map<Long, ScalingPoint> kept = new ConcurrentHashMap<>();

    ScalingPoints(CapacityService capacity) {
        this.capacity = capacity;
    }

    /** Each deployment's scaling point at {@code now}, by deployment id; one without a read yet says so. */
    Map<Long, ScalingPoint> of(List<DeploymentRef> deployments, Instant now) {
        List<DeploymentRef> stale = deployments.stream()
                .filter(deployment -> {
                    ScalingPoint point = kept.get(deployment.id());
                    return point == null || !point.readAt().plus(KEPT_FOR).isAfter(now);
                })
                .sorted(Comparator.comparing(deployment -> {
                    ScalingPoint point = kept.get(deployment.id());
                    return point == null ? Instant.MIN : point.readAt();
                }))
                .limit(READS_PER_CALL)
                .toList();
        for (DeploymentRef deployment : stale) {
            kept.put(deployment.id(), read(deployment, now));
        }
        Map<Long, ScalingPoint> points = new HashMap<>();
        for (DeploymentRef deployment : deployments) {
            points.put(deployment.id(), kept.getOrDefault(deployment.id(), ScalingPoint.notYetRead(now)));
        }
        return points;
    }

    /** The deployment's scaling point read now, whatever is kept (the API's answer); kept for the evaluator too. */
    ScalingPoint readNow(DeploymentRef deployment, Instant now) {
        ScalingPoint point = read(deployment, now);
        kept.put(deployment.id(), point);
        return point;
    }

    private ScalingPoint read(DeploymentRef deployment, Instant now) {
        Instant to = now.truncatedTo(ChronoUnit.MINUTES);
        CapacityReport report = capacity.report(deployment, QueryWindow.of(to.minus(KNEE_WINDOW), to, KNEE_STEP));
        return ScalingPoint.of(report.knee(), report.source(), now);
    }
}
