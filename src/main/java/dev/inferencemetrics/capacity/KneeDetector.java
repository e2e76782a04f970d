package dev.inferencemetrics.capacity;

import dev.inferencemetrics.capacity.KneeFinding.Cause;
import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Finds the knee of a deployment's TTFT tail: the concurrency beyond which p99 grows faster than throughput, or
 * crosses the SLO threshold, whichever comes first.
 *
 * <p>Intervals are sorted by concurrency and merged into groups of at least {@value #REQUESTS_PER_GROUP} ok requests
 * (so each p99 rests on a real tail, from the merged sketches). Along the groups, ln(p99 ÷ throughput) falls while
 * more requests in flight buy throughput and rises once they mostly wait: where p99 grows faster than throughput,
 * its slope turns positive. The knee is the group where it is lowest (a mean over each group and its neighbours
 * damps noise), provided it then rises by at least a fifth and at least two groups lie past it. It refuses to guess
 * with fewer than {@value #MIN_GROUPS} groups, or when the busiest group's concurrency is less than
 * {@value #MIN_SPREAD} times the quietest's.
 */
public final class KneeDetector {

    static final long REQUESTS_PER_GROUP = 200;
    static final int MIN_GROUPS = 5;
    static final double MIN_SPREAD = 2.0;
    /** ln(1.2): past the knee, p99 ÷ throughput must grow by at least a fifth. */
    private static final double MIN_RISE = Math.log(1.2);

    private KneeDetector() {}

    public static KneeFinding find(List<LoadInterval> intervals, double sloMs) {
        List<LoadInterval> usable = intervals.stream()
                .filter(i -> i.concurrency() > 0
                        && i.requestsPerSecond() > 0
                        && !i.ttft().isEmpty())
                .sorted(Comparator.comparingDouble(LoadInterval::concurrency))
                .toList();
        List<LoadGroup> groups = groups(usable);
        long requests = usable.stream().mapToLong(i -> i.ttft().count()).sum();
        KneeEvidence evidence = new KneeEvidence(usable.size(), requests, groups);
        if (groups.size() < MIN_GROUPS) {
            return new KneeFinding.Refusal(
                    String.format(
                            Locale.ROOT,
                            "Too little traffic to find a knee: %d intervals with %,d requests make %d groups of"
                                    + " %d requests; at least %d are needed.",
                            usable.size(),
                            requests,
                            groups.size(),
                            REQUESTS_PER_GROUP,
                            MIN_GROUPS),
                    evidence);
        }
        if (evidence.highestConcurrency() < MIN_SPREAD * evidence.lowestConcurrency()) {
            return new KneeFinding.Refusal(
                    String.format(
                            Locale.ROOT,
                            "Requests in flight only ranged from %.1f to %.1f: a knee needs the busiest traffic"
                                    + " at least twice the quietest.",
                            evidence.lowestConcurrency(),
                            evidence.highestConcurrency()),
                    evidence);
        }
        return knee(groups, sloMs, evidence);
    }

    private static KneeFinding knee(List<LoadGroup> groups, double sloMs, KneeEvidence evidence) {
        int overFrom = overSloFrom(groups, sloMs);
        boolean overEverywhere = overFrom == 0;
        double sloCrossing = overFrom > 0 && overFrom < groups.size()
                ? crossing(groups.get(overFrom - 1), groups.get(overFrom), sloMs)
                : Double.POSITIVE_INFINITY;
        double[] smoothed = smoothed(groups);
        int lowest = 0;
        for (int i = 1; i < smoothed.length; i++) {
            if (smoothed[i] < smoothed[lowest]) {
                lowest = i;
            }
        }
        double rise = Double.NEGATIVE_INFINITY;
        for (int i = lowest + 1; i < smoothed.length; i++) {
            rise = Math.max(rise, smoothed[i] - smoothed[lowest]);
        }
        boolean bends = lowest < groups.size() - 2 && rise >= MIN_RISE;
        double slopeKnee = bends ? groups.get(lowest).concurrency() : Double.POSITIVE_INFINITY;
        if (sloCrossing < slopeKnee) {
            return new KneeFinding.Knee(sloCrossing, Cause.SLO_CROSSED, false, evidence);
        }
        if (bends) {
            Cause cause = lowest == 0 ? Cause.AT_OR_BELOW_QUIETEST : Cause.TAIL_OUTGROWS_THROUGHPUT;
            return new KneeFinding.Knee(slopeKnee, cause, overEverywhere, evidence);
        }
        return new KneeFinding.NoKnee(overEverywhere, evidence);
    }

    /** Consecutive intervals, by concurrency, until each group holds enough requests; a short rest joins the last. */
    static List<LoadGroup> groups(List<LoadInterval> sorted) {
        List<List<LoadInterval>> members = new ArrayList<>();
        List<LoadInterval> current = new ArrayList<>();
        long requests = 0;
        for (LoadInterval interval : sorted) {
            current.add(interval);
            requests += interval.ttft().count();
            if (requests >= REQUESTS_PER_GROUP) {
                members.add(current);
                current = new ArrayList<>();
                requests = 0;
            }
        }
        if (!current.isEmpty() && !members.isEmpty()) {
            members.getLast().addAll(current);
        }
        return members.stream().map(KneeDetector::group).toList();
    }

    private static LoadGroup group(List<LoadInterval> intervals) {
        LatencySketch ttft = LatencySketch.empty();
        double concurrency = 0;
        double throughput = 0;
        for (LoadInterval interval : intervals) {
            ttft.merge(interval.ttft());
            concurrency += interval.concurrency();
            throughput += interval.requestsPerSecond();
        }
        return new LoadGroup(
                concurrency / intervals.size(),
                throughput / intervals.size(),
                ttft.quantile(0.5).orElseThrow(),
                ttft.quantile(0.99).orElseThrow(),
                ttft.count());
    }

    /** The first group from which every group's p99 is over the threshold; the number of groups if none. */
    private static int overSloFrom(List<LoadGroup> groups, double sloMs) {
        int from = groups.size();
        while (from > 0 && groups.get(from - 1).ttftP99() > sloMs) {
            from--;
        }
        return from;
    }

    /** Where p99 reaches the threshold between two groups, interpolated on logarithmic scales. */
    private static double crossing(LoadGroup within, LoadGroup over, double sloMs) {
        double share = (Math.log(sloMs) - Math.log(within.ttftP99()))
                / (Math.log(over.ttftP99()) - Math.log(within.ttftP99()));
        double low = Math.log(within.concurrency());
        return Math.exp(low + share * (Math.log(over.concurrency()) - low));
    }

    private static double[] smoothed(List<LoadGroup> groups) {
        double[] smoothed = new double[groups.size()];
        for (int i = 0; i < smoothed.length; i++) {
            int from = Math.max(0, i - 1);
            int to = Math.min(smoothed.length - 1, i + 1);
            double sum = 0;
            for (int j = from; j <= to; j++) {
                sum += groups.get(j).tailPerThroughput();
            }
            smoothed[i] = sum / (to - from + 1);
        }
        return smoothed;
    }
}
