package dev.inferencemetrics.rollup;

/**
 * The goodput counts of a bucket: how many requests were judged against the goodput SLO and their output tokens, how
 * many were good and their output tokens, and the ok requests that were not, by breach. Failed requests are counted
 * by status in {@link RequestRollup#failures}. Mutable while being built or merged.
 */
public final class GoodputTally {

    private long counted;
    private long countedOutputTokens;
    private long good;
    private long goodOutputTokens;
    private long incomplete;
    private long ttftBreaches;
    private long itlBreaches;
    private long e2eBreaches;

    /** Counts one judged request. */
    public void add(RequestOutcome outcome, int outputTokens) {
        counted++;
        countedOutputTokens += outputTokens;
        switch (outcome) {
            case GOOD -> {
                good++;
                goodOutputTokens += outputTokens;
            }
            case INCOMPLETE -> incomplete++;
            case TTFT_BREACH -> ttftBreaches++;
            case ITL_BREACH -> itlBreaches++;
            case E2E_BREACH -> e2eBreaches++;
            case ERROR, TIMEOUT, CANCELLED -> {
                // counted by status with the failures
            }
        }
    }

    public void merge(GoodputTally other) {
        add(
                other.counted,
                other.countedOutputTokens,
                other.good,
                other.goodOutputTokens,
                other.incomplete,
                other.ttftBreaches,
                other.itlBreaches,
                other.e2eBreaches);
    }

    void add(
            long counted,
            long countedOutputTokens,
            long good,
            long goodOutputTokens,
            long incomplete,
            long ttftBreaches,
            long itlBreaches,
            long e2eBreaches) {
        this.counted += counted;
        this.countedOutputTokens += countedOutputTokens;
        this.good += good;
        this.goodOutputTokens += goodOutputTokens;
        this.incomplete += incomplete;
        this.ttftBreaches += ttftBreaches;
        this.itlBreaches += itlBreaches;
        this.e2eBreaches += e2eBreaches;
    }

    /** The requests judged against the goodput SLO: all of the bucket's, unless stored before goodput was counted. */
    public long counted() {
        return counted;
    }

    /** All output tokens of the judged requests, failed and cancelled ones included. */
    public long countedOutputTokens() {
        return countedOutputTokens;
    }

    public long good() {
        return good;
    }

    public long goodOutputTokens() {
        return goodOutputTokens;
    }

    public long incomplete() {
        return incomplete;
    }

    public long ttftBreaches() {
        return ttftBreaches;
    }

    public long itlBreaches() {
        return itlBreaches;
    }

    public long e2eBreaches() {
        return e2eBreaches;
    }
}
