package dev.inferencemetrics.testing;

import java.time.Instant;
import java.util.Arrays;

/**
 * Latency observations with the time of the request they belong to, added in time order; gives the exact sorted
 * observations of any time range, to hold displayed percentiles against.
 */
public final class TimedObservations {

    private long[] times = new long[1024];
    private double[] values = new double[1024];
    private int size;

    public void add(Instant ts, double value) {
        add(ts, value, 1);
    }

    /** Adds {@code count} equal observations, e.g. the gaps of a request reported by their mean. */
    public void add(Instant ts, double value, long count) {
        long millis = ts.toEpochMilli();
        if (size > 0 && millis < times[size - 1]) {
            throw new IllegalArgumentException("observations must be added in time order");
        }
        for (long i = 0; i < count; i++) {
            if (size == times.length) {
                times = Arrays.copyOf(times, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            times[size] = millis;
            values[size] = value;
            size++;
        }
    }

    /** The observations of requests with {@code from ≤ ts < to}, sorted ascending. */
    public double[] sortedBetween(Instant from, Instant to) {
        double[] range =
                Arrays.copyOfRange(values, firstAtOrAfter(from.toEpochMilli()), firstAtOrAfter(to.toEpochMilli()));
        Arrays.sort(range);
        return range;
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
}
