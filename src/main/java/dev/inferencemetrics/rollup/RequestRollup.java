package dev.inferencemetrics.rollup;

import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.time.Instant;

/**
 * What happened on a deployment in one bucket: request and token counts and the latency sketches of its ok
 * requests. Mutable while being built or merged; the ITL sketch counts token gaps; the queue sketch holds the
 * queue times of the ok requests that reported one; the token sketches hold the input and output token counts of the
 * ok requests. Failures are also counted by how they ended, except in rows
 * stored before that split existed, where they count only as not ok; {@link #goodput} counts good requests and the
 * ok ones that breached the goodput SLO.
 */
public final class RequestRollup {

    private final Instant bucket;
    private long requests;
    private long okRequests;
    private long inputTokens;
    private long outputTokens;
    private final LatencySketch ttft;
    private final LatencySketch itl;
    private final LatencySketch e2e;
    private final LatencySketch queue;
    private final LatencySketch inputTokenSketch;
    private final LatencySketch outputTokenSketch;
    private final long[] failures = new long[FailedStatus.values().length];
    private final GoodputTally goodput = new GoodputTally();

    public RequestRollup(Instant bucket) {
        this(
                bucket,
                0,
                0,
                0,
                0,
                LatencySketch.empty(),
                LatencySketch.empty(),
                LatencySketch.empty(),
                LatencySketch.empty(),
                LatencySketch.empty(),
                LatencySketch.empty());
    }

    RequestRollup(
            Instant bucket,
            long requests,
            long okRequests,
            long inputTokens,
            long outputTokens,
            LatencySketch ttft,
            LatencySketch itl,
            LatencySketch e2e,
            LatencySketch queue,
            LatencySketch inputTokenSketch,
            LatencySketch outputTokenSketch) {
        this.bucket = bucket;
        this.requests = requests;
        this.okRequests = okRequests;
        this.inputTokens = inputTokens;
        this.outputTokens = outputTokens;
        this.ttft = ttft;
        this.itl = itl;
        this.e2e = e2e;
        this.queue = queue;
        this.inputTokenSketch = inputTokenSketch;
        this.outputTokenSketch = outputTokenSketch;
    }

    /**
     * Counts one request; latencies and the token distributions go in only for ok requests, as percentiles are over
     * those.
     */
    public void addRequest(boolean ok, int input, int output) {
        requests++;
        if (ok) {
            okRequests++;
            inputTokenSketch.add(input);
            outputTokenSketch.add(output);
        }
        inputTokens += input;
        outputTokens += output;
    }

    /** Counts how a request counted as not ok by {@link #addRequest} ended. */
    public void addFailure(FailedStatus status) {
        failures[status.ordinal()]++;
    }

    public void merge(RequestRollup other) {
        addCounts(other.requests, other.okRequests, other.inputTokens, other.outputTokens);
        addFailures(
                other.failures(FailedStatus.ERROR),
                other.failures(FailedStatus.TIMEOUT),
                other.failures(FailedStatus.CANCELLED));
        ttft.merge(other.ttft);
        itl.merge(other.itl);
        e2e.merge(other.e2e);
        queue.merge(other.queue);
        inputTokenSketch.merge(other.inputTokenSketch);
        outputTokenSketch.merge(other.outputTokenSketch);
        goodput.merge(other.goodput);
    }

    void addCounts(long requests, long okRequests, long inputTokens, long outputTokens) {
        this.requests += requests;
        this.okRequests += okRequests;
        this.inputTokens += inputTokens;
        this.outputTokens += outputTokens;
    }

    void addFailures(long error, long timeout, long cancelled) {
        failures[FailedStatus.ERROR.ordinal()] += error;
        failures[FailedStatus.TIMEOUT.ordinal()] += timeout;
        failures[FailedStatus.CANCELLED.ordinal()] += cancelled;
    }

    /** The requests that ended so; 0 for rows stored before the split existed. */
    public long failures(FailedStatus status) {
        return failures[status.ordinal()];
    }

    /** The goodput counts: good requests and breaches by kind. */
    public GoodputTally goodput() {
        return goodput;
    }

    public Instant bucket() {
        return bucket;
    }

    public long requests() {
        return requests;
    }

    public long okRequests() {
        return okRequests;
    }

    public long failedRequests() {
        return requests - okRequests;
    }

    public long inputTokens() {
        return inputTokens;
    }

    public long outputTokens() {
        return outputTokens;
    }

    public LatencySketch ttft() {
        return ttft;
    }

    public LatencySketch itl() {
        return itl;
    }

    public LatencySketch e2e() {
        return e2e;
    }

    public LatencySketch queue() {
        return queue;
    }

    /** The input token counts of the ok requests. */
    public LatencySketch inputTokenSketch() {
        return inputTokenSketch;
    }

    /** The output token counts of the ok requests. */
    public LatencySketch outputTokenSketch() {
        return outputTokenSketch;
    }
}
