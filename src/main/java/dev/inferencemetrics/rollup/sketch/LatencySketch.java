package dev.inferencemetrics.rollup.sketch;

import com.datadoghq.sketch.ddsketch.DDSketch;
import com.datadoghq.sketch.ddsketch.mapping.IndexMapping;
import com.datadoghq.sketch.ddsketch.mapping.LogarithmicMapping;
import com.datadoghq.sketch.ddsketch.store.Bin;
import com.datadoghq.sketch.ddsketch.store.Store;
import com.datadoghq.sketch.ddsketch.store.UnboundedSizeDenseStore;
import java.util.Iterator;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.IntStream;

/**
 * A mergeable distribution of non-negative latencies (milliseconds) with bounded relative error: every quantile it
 * returns is within {@link #RELATIVE_ACCURACY} of the observation at rank ⌊q·(n−1)⌋. Merging sketches gives exactly
 * the sketch of the combined observations, so per-minute sketches add up to any window without losing accuracy.
 */
public final class LatencySketch {

    /** Below the product's 1 % contract, with room for floating-point rounding. */
    public static final double RELATIVE_ACCURACY = 0.008;

    private static final IndexMapping MAPPING = new LogarithmicMapping(RELATIVE_ACCURACY);

    /** The lowest bin index whose representative value is kept in {@link #BIN_VALUES}: a microsecond. */
    private static final int FIRST_TABULATED_INDEX = MAPPING.index(0.001);

    /**
     * The representative value of every bin from a microsecond to a year, computed once: the same doubles the mapping
     * gives, without an exponential for each bin of each sketch that a page of a thousand deployments reads.
     */
    private static final double[] BIN_VALUES = IntStream.rangeClosed(
                    FIRST_TABULATED_INDEX, MAPPING.index(365.0 * 24 * 3600 * 1000))
            .mapToDouble(MAPPING::value)
            .toArray();

    /** Observations at or below this count as zeros in DDSketch, as in {@link #zeros}. */
    private static final double LARGEST_ZERO = MAPPING.minIndexableValue();

    private final DDSketch sketch;

    /**
     * Every observation recorded, and those of them counted as zeros. DDSketch sums its bins for its count, a pass
     * over the whole store for each count, quantile, mean or share asked of it; kept here, each of those is one pass
     * at most, which is what a page of a thousand deployments' figures is mostly made of.
     */
    private long count;

    private long zeros;

    private LatencySketch(DDSketch sketch) {
        this.sketch = sketch;
    }

    public static LatencySketch empty() {
        return new LatencySketch(new DDSketch(MAPPING, UnboundedSizeDenseStore::new));
    }

    /** Records one observation. */
    public void add(double valueMs) {
        add(valueMs, 1);
    }

    /** Records {@code count} observations of the same value, e.g. the token gaps of a request reported by its mean. */
    public void add(double valueMs, long count) {
        if (!Double.isFinite(valueMs) || valueMs < 0) {
            throw new IllegalArgumentException("latency must be finite and non-negative: " + valueMs);
        }
        if (count < 0) {
            throw new IllegalArgumentException("count must be non-negative: " + count);
        }
        if (count > 0) {
            sketch.accept(valueMs, count);
            this.count += count;
            if (valueMs <= LARGEST_ZERO) {
                zeros += count;
            }
        }
    }

    public void merge(LatencySketch other) {
        sketch.mergeWith(other.sketch);
        count += other.count;
        zeros += other.zeros;
    }

    public long count() {
        return count;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    /** The value at quantile {@code q} (0 ≤ q ≤ 1), or empty if nothing was recorded. */
    public OptionalDouble quantile(double q) {
        if (q < 0 || q > 1) {
            throw new IllegalArgumentException("quantile must be within [0, 1]: " + q);
        }
        return isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(valuesAt(q)[0]);
    }

    /** p50, p90, p95 and p99 of what was recorded; empty if nothing was. */
    public Optional<Percentiles> percentiles() {
        if (isEmpty()) {
            return Optional.empty();
        }
        double[] values = valuesAt(0.5, 0.9, 0.95, 0.99);
        return Optional.of(new Percentiles(count(), values[0], values[1], values[2], values[3]));
    }

    /**
     * The values at ascending quantiles of a sketch that holds something, in one pass from the lowest bin: DDSketch's
     * rule (the first bin whose running count exceeds q·(n−1), zeros first), without its pass to count.
     */
    private double[] valuesAt(double... quantiles) {
        double[] values = new double[quantiles.length];
        int next = 0;
        double n = zeros;
        while (next < quantiles.length && n > quantiles[next] * (count - 1)) {
            values[next++] = 0;
        }
        for (Iterator<Bin> bins = ascendingBins(); bins.hasNext() && next < quantiles.length; ) {
            Bin bin = bins.next();
            n += bin.getCount();
            while (next < quantiles.length && n > quantiles[next] * (count - 1)) {
                values[next++] = binValue(bin.getIndex());
            }
        }
        while (next < quantiles.length) {
            values[next++] = binValue(positiveStore().getMaxIndex());
        }
        return values;
    }

    /**
     * The mean of what was recorded, from its bins (each within {@link #RELATIVE_ACCURACY} of its observations, so
     * the mean is too), or empty if nothing was: what Little's law needs of a time in system.
     */
    public OptionalDouble mean() {
        double[] sumAndCount = {0, 0};
        forEachBin((value, count) -> {
            sumAndCount[0] += value * count;
            sumAndCount[1] += count;
        });
        return sumAndCount[1] == 0 ? OptionalDouble.empty() : OptionalDouble.of(sumAndCount[0] / sumAndCount[1]);
    }

    /**
     * The share of observations at most {@code thresholdMs}, e.g. of requests within an SLO; empty if nothing was
     * recorded. Observations within the sketch's relative accuracy of the threshold may fall on either side.
     */
    public OptionalDouble fractionAtMost(double thresholdMs) {
        if (isEmpty()) {
            return OptionalDouble.empty();
        }
        double[] within = {zeros};
        positiveStore().forEach((index, binCount) -> {
            if (binValue(index) <= thresholdMs) {
                within[0] += binCount;
            }
        });
        return OptionalDouble.of(within[0] / count);
    }

    /**
     * Visits what was recorded as (value, count) pairs, lowest value first: zeros as 0, then each bin at its
     * representative value (within {@link #RELATIVE_ACCURACY} of every observation in it). What a heatmap counts.
     */
    public void forEachBin(BinVisitor visitor) {
        if (zeros > 0) {
            visitor.visit(0.0, zeros);
        }
        positiveStore().forEach((index, count) -> visitor.visit(binValue(index), Math.round(count)));
    }

    /** The representative value of bin {@code index}: the mapping's, from the table where it covers the index. */
    private static double binValue(int index) {
        int slot = index - FIRST_TABULATED_INDEX;
        return slot >= 0 && slot < BIN_VALUES.length ? BIN_VALUES[slot] : MAPPING.value(index);
    }

    /** Receives one bin of {@link #forEachBin}. */
    @FunctionalInterface
    public interface BinVisitor {
        void visit(double value, long count);
    }

    /** The compact storage form; see {@link SketchCodec}. */
    public byte[] toBytes() {
        return SketchCodec.encode(this);
    }

    public static LatencySketch fromBytes(byte[] bytes) {
        LatencySketch sketch = empty();
        sketch.mergeStored(bytes);
        return sketch;
    }

    /** Merges a sketch in its storage form, without building it first: what a query does for every rollup row. */
    public void mergeStored(byte[] bytes) {
        SketchCodec.decodeInto(bytes, this);
    }

    long zeroCount() {
        return zeros;
    }

    Iterator<Bin> ascendingBins() {
        return positiveStore().getAscendingIterator();
    }

    void addBin(int index, long count) {
        positiveStore().add(index, count);
        this.count += count;
    }

    void addZeros(long count) {
        if (count > 0) {
            sketch.accept(0.0, count);
            this.count += count;
            zeros += count;
        }
    }

    int binCount() {
        int bins = 0;
        for (Iterator<Bin> it = ascendingBins(); it.hasNext(); it.next()) {
            bins++;
        }
        return bins;
    }

    private Store positiveStore() {
        return sketch.getPositiveValueStore();
    }
}
