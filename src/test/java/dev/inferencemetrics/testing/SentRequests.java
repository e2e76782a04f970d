package dev.inferencemetrics.testing;

import java.time.Instant;
import java.util.Arrays;

/**
 * What a test sent for one deployment, in time order: each request's status and tokens, and the latency
 * observations it contributes (TTFT, E2E and ITL gaps of ok requests). The exact truth the API is held against.
 */
public final class SentRequests {

    private final TimedObservations ttft = new TimedObservations();
    private final TimedObservations itl = new TimedObservations();
    private final TimedObservations e2e = new TimedObservations();
    private long[] times = new long[1024];
    // running totals up to and including each request, so any time range adds up in O(log n)
    private long[] errorsUpTo = new long[1024];
    private long[] inputUpTo = new long[1024];
    private long[] outputUpTo = new long[1024];
    private int size;

    /** An ok request whose ITL was sent as its gaps. */
    public void ok(Instant ts, double ttftMs, double e2eMs, double[] gapsMs, int inputTokens, int outputTokens) {
        request(ts, false, inputTokens, outputTokens);
        ttft.add(ts, ttftMs);
        e2e.add(ts, e2eMs);
        for (double gap : gapsMs) {
            itl.add(ts, gap);
        }
    }

    /** An ok request whose ITL was sent as the mean gap: it stands for {@code outputTokens − 1} gaps. */
    public void ok(Instant ts, double ttftMs, double e2eMs, double tpotMs, int inputTokens, int outputTokens) {
        request(ts, false, inputTokens, outputTokens);
        ttft.add(ts, ttftMs);
        e2e.add(ts, e2eMs);
        itl.add(ts, tpotMs, Math.max(0, outputTokens - 1));
    }

    /** A request that did not end ok: it counts and its tokens count, its latencies do not. */
    public void failed(Instant ts, int inputTokens, int outputTokens) {
        request(ts, true, inputTokens, outputTokens);
    }

    public TimedObservations ttft() {
        return ttft;
    }

    public TimedObservations itl() {
        return itl;
    }

    public TimedObservations e2e() {
        return e2e;
    }

    public int size() {
        return size;
    }

    /** Requests with {@code from ≤ ts < to}, added up. */
    public Totals totalsBetween(Instant from, Instant to) {
        int first = firstAtOrAfter(from.toEpochMilli());
        int end = firstAtOrAfter(to.toEpochMilli());
        return new Totals(
                end - first,
                upTo(errorsUpTo, end) - upTo(errorsUpTo, first),
                upTo(inputUpTo, end) - upTo(inputUpTo, first),
                upTo(outputUpTo, end) - upTo(outputUpTo, first));
    }

    private void request(Instant ts, boolean failedRequest, int inputTokens, int outputTokens) {
        long millis = ts.toEpochMilli();
        if (size > 0 && millis < times[size - 1]) {
            throw new IllegalArgumentException("requests must be added in time order");
        }
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            errorsUpTo = Arrays.copyOf(errorsUpTo, size * 2);
            inputUpTo = Arrays.copyOf(inputUpTo, size * 2);
            outputUpTo = Arrays.copyOf(outputUpTo, size * 2);
        }
        times[size] = millis;
        errorsUpTo[size] = upTo(errorsUpTo, size) + (failedRequest ? 1 : 0);
        inputUpTo[size] = upTo(inputUpTo, size) + inputTokens;
        outputUpTo[size] = upTo(outputUpTo, size) + outputTokens;
        size++;
    }

    /** The running total of the first {@code count} requests. */
    private static long upTo(long[] runningTotals, int count) {
        return count == 0 ? 0 : runningTotals[count - 1];
    }

    private int firstAtOrAfter(long millis) {
        int low = 0;
        int high = size;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (times[middle] < millis) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    public record Totals(long requests, long errors, long inputTokens, long outputTokens) {}
}
