package dev.inferencemetrics.capacity;

/** What the knee detector concluded for a window, always with the data it rests on. */
public sealed interface KneeFinding {

    /** The share of the knee's concurrency at which to scale out, before the tail climbs. */
    double SCALE_AT = 0.75;

    KneeEvidence evidence();

    /** How the knee was found: the tail outgrew throughput, or crossed the SLO. */
    enum Cause {
        /** Past it, TTFT p99 grows faster than throughput. */
        TAIL_OUTGROWS_THROUGHPUT,
        /** Past it, TTFT p99 is over the deployment's TTFT threshold. */
        SLO_CROSSED,
        /** p99 outgrew throughput from the quietest traffic seen on: the knee is there or below. */
        AT_OR_BELOW_QUIETEST
    }

    /** Tail latency climbs above about {@code concurrency} requests in flight. */
    record Knee(double concurrency, Cause cause, boolean overSloEverywhere, KneeEvidence evidence)
            implements KneeFinding {

        public double scaleAt() {
            return SCALE_AT * concurrency;
        }
    }

    /** The tail grew no faster than throughput up to the busiest traffic seen (and stayed within the SLO). */
    record NoKnee(boolean overSloEverywhere, KneeEvidence evidence) implements KneeFinding {}

    /** Too little data, or too little spread in concurrency, to say where the tail bends. */
    record Refusal(String reason, KneeEvidence evidence) implements KneeFinding {}
}
