package dev.inferencemetrics.capacity;

import dev.inferencemetrics.rollup.RequestRollup;
import java.util.OptionalDouble;
import org.jspecify.annotations.Nullable;

/** A deployment's measured mean service (prefill) time per request, milliseconds, and how it was measured. */
public record ServiceTime(double meanMs, Basis basis) {

    /**
     * The mean service time of a window's merged rollup: mean TTFT less mean queue time where at least half the ok
     * requests reported their queue time, else mean TTFT (an upper bound); null without ok requests. Engines'
     * prefill-time histograms are not scraped, so neither is used here.
     */
    public static @Nullable ServiceTime measured(RequestRollup window) {
        OptionalDouble ttft = window.ttft().mean();
        if (ttft.isEmpty()) {
            return null;
        }
        OptionalDouble queue = window.queue().mean();
        if (queue.isPresent() && 2 * window.queue().count() >= window.ttft().count()) {
            double service = ttft.getAsDouble() - queue.getAsDouble();
            if (service > 0) {
                return new ServiceTime(service, Basis.TTFT_LESS_QUEUE);
            }
        }
        return new ServiceTime(ttft.getAsDouble(), Basis.TTFT);
    }

    public enum Basis {
        /** Mean TTFT less mean queue time: the requests reported the time they waited. */
        TTFT_LESS_QUEUE("mean TTFT − mean queue time"),
        /** Mean TTFT: no queue times were reported, so this includes waiting and overstates the service time. */
        TTFT("mean TTFT (no queue times reported: includes waiting, so an upper bound)");

        private final String description;

        Basis(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }
}
