package dev.inferencemetrics.metrics;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.DimensionRollupRangeStore;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.rollup.GoodputTally;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Breaks a deployment's window down by the values of one dimension, from the dimension rollups. */
@Service
public class BreakdownService {

    /** The widest window a breakdown reads: a month of half hours for up to the cap of values a day. */
    public static final Duration MAX_WINDOW = Duration.ofDays(31);

    public static final int MAX_LIMIT = 1_000;

    /** Slowest first: the highest TTFT p99, values without one last, then by value. */
    private static final Comparator<Breakdown.Row> SLOWEST_FIRST = Comparator.comparing(
                    Breakdown.Row::ttftP99Ms, Comparator.nullsLast(Comparator.<Double>reverseOrder()))
            .thenComparing(Breakdown.Row::other)
            .thenComparing(Breakdown.Row::value);

    private final DeploymentService deployments;
    private final DimensionRollupRangeStore rollups;

    BreakdownService(DeploymentService deployments, DimensionRollupRangeStore rollups) {
        this.deployments = deployments;
        this.rollups = rollups;
    }

    /**
     * @throws UnusableValueException if the window is wider than {@link #MAX_WINDOW} or the limit out of range
     */
    @Transactional(readOnly = true)
    public Breakdown breakdown(
            TenantScope scope, String deploymentSlug, QueryWindow window, Dimension dimension, int limit) {
        return breakdown(deployments.require(scope, deploymentSlug), window, dimension, limit);
    }

    /**
     * The breakdown of a deployment the caller has resolved already (the deployment page, once per visit).
     *
     * @throws UnusableValueException if the window is wider than {@link #MAX_WINDOW} or the limit out of range
     */
    @Transactional(readOnly = true)
    public Breakdown breakdown(DeploymentRef deployment, QueryWindow window, Dimension dimension, int limit) {
        if (Duration.between(window.from(), window.to()).compareTo(MAX_WINDOW) > 0) {
            throw new UnusableValueException("a breakdown covers at most " + MAX_WINDOW.toDays() + " days");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new UnusableValueException("limit must be between 1 and " + MAX_LIMIT);
        }
        double ttftSlo = deployment.sloTtftP95Ms().doubleValue();
        Map<String, RequestRollup> byValue = rollups.byValue(
                deployment.tenantId(), deployment.id(), dimension, window.resolution(), window.from(), window.to());
        List<Breakdown.Row> rows = byValue.entrySet().stream()
                .map(entry -> row(entry.getKey(), entry.getValue(), ttftSlo))
                .sorted(SLOWEST_FIRST)
                .toList();
        return new Breakdown(
                deployment.slug(),
                dimension.code(),
                window.from(),
                window.to(),
                Dimension.VALUES_PER_DAY,
                byValue.containsKey(DimensionValue.OTHER),
                ttftSlo,
                rows.size(),
                rows.stream().limit(limit).toList());
    }

    private static Breakdown.Row row(String value, RequestRollup rollup, double ttftSlo) {
        boolean other = DimensionValue.OTHER.equals(value);
        GoodputTally goodput = rollup.goodput();
        return new Breakdown.Row(
                other ? "other" : value,
                other,
                rollup.requests(),
                rollup.failedRequests(),
                percent(rollup.failedRequests(), rollup.requests()),
                boxed(rollup.ttft().quantile(0.5)),
                boxed(rollup.ttft().quantile(0.99)),
                boxed(rollup.itl().quantile(0.99)),
                percent(goodput.good(), goodput.counted()),
                boxed(rollup.ttft().fractionAtMost(ttftSlo), 100));
    }

    private static @Nullable Double percent(long part, long whole) {
        return whole == 0 ? null : 100.0 * part / whole;
    }

    private static @Nullable Double boxed(OptionalDouble value) {
        return boxed(value, 1);
    }

    private static @Nullable Double boxed(OptionalDouble value, double scale) {
        return value.isPresent() ? value.getAsDouble() * scale : null;
    }
}
