package dev.inferencemetrics.capacity;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * Replicas a peak needs: each serves {@code perReplicaRequestsPerSecond} (its utilisation ceiling ÷ the mean service
 * time); {@code utilisationAtPeak} is how busy they run at the peak, {@code headroomRequestsPerSecond} how much more
 * traffic fits under the ceiling. The monthly cost is there only with a price per replica-hour.
 */
public record ReplicaPlan(
        double peakRequestsPerSecond,
        double serviceMs,
        double ceiling,
        double perReplicaRequestsPerSecond,
        int replicas,
        double utilisationAtPeak,
        double headroomRequestsPerSecond,
        @Nullable BigDecimal monthlyCost,
        @Nullable String currency) {}
