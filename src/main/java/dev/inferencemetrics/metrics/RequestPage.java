package dev.inferencemetrics.metrics;

import dev.inferencemetrics.ingest.RequestRow;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A page of an interval's raw requests in the asked order, with the cursor of the next page (null on the last).
 * Past the raw retention {@code rawAvailable} is false, {@code requests} empty and {@code distribution} holds the
 * interval's percentiles from the rollup sketches instead.
 */
public record RequestPage(
        String deployment,
        Instant from,
        Instant to,
        String sort,
        boolean descending,
        boolean rawAvailable,
        List<RequestRow> requests,
        @Nullable String next,
        DeploymentMetrics.@Nullable Summary distribution) {}
