package dev.inferencemetrics.slo;

import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What an objective counts: latency events within a threshold, requests answered ok, or requests that were good by
 * the deployment's goodput SLO (ended ok and met each of its thresholds).
 */
public enum SloKind {
    TTFT("TTFT", "requests", RequestRollup::ttft),
    ITL("ITL", "token gaps", RequestRollup::itl),
    E2E("E2E", "requests", RequestRollup::e2e),
    AVAILABILITY("Availability", "requests", null),
    GOODPUT("Goodput", "requests", null);

    private final String label;
    private final String events;
    /** Null for availability and goodput, which count answers and judged requests rather than latencies. */
    private final @Nullable Function<RequestRollup, LatencySketch> sketch;

    SloKind(String label, String events, @Nullable Function<RequestRollup, LatencySketch> sketch) {
        this.label = label;
        this.events = events;
        this.sketch = sketch;
    }

    public String label() {
        return label;
    }

    /** What one event is: a request, or (ITL) a token gap. */
    public String events() {
        return events;
    }

    public boolean hasThreshold() {
        return sketch != null;
    }

    /**
     * The good and all events of one rollup: within the threshold, (availability) answered ok, or (goodput) good
     * among the requests judged against the goodput SLO — requests stored before goodput was counted are not events.
     */
    EventCounts count(RequestRollup rollup, double thresholdMs) {
        if (this == GOODPUT) {
            return new EventCounts(rollup.goodput().good(), rollup.goodput().counted());
        }
        if (sketch == null) {
            return new EventCounts(rollup.okRequests(), rollup.requests());
        }
        LatencySketch latencies = sketch.apply(rollup);
        long total = latencies.count();
        if (total == 0) {
            return EventCounts.NONE;
        }
        long good = Math.round(latencies.fractionAtMost(thresholdMs).orElseThrow() * total);
        return new EventCounts(good, total);
    }
}
