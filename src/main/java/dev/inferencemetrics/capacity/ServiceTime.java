package dev.inferencemetrics.capacity;

/** A deployment's measured mean service (prefill) time per request, milliseconds, and how it was measured. */
public record ServiceTime(double meanMs, Basis basis) {

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
