package dev.inferencemetrics.capacity.ui;

import dev.inferencemetrics.capacity.ConcurrencySource;
import dev.inferencemetrics.capacity.KneeEvidence;
import dev.inferencemetrics.capacity.KneeFinding;
import dev.inferencemetrics.capacity.KneeFinding.Knee;
import dev.inferencemetrics.capacity.KneeFinding.NoKnee;
import dev.inferencemetrics.capacity.KneeFinding.Refusal;
import java.util.Locale;

/** The knee finding in words: where the tail climbs and where to scale, or why nothing is said. */
final class KneeText {

    private KneeText() {}

    static String sentence(KneeFinding finding, double sloMs) {
        return switch (finding) {
            case Knee knee ->
                switch (knee.cause()) {
                    case TAIL_OUTGROWS_THROUGHPUT ->
                        format(
                                        "Tail latency climbs above ~%.1f requests in flight — scale at about %.1f (75"
                                                + " %%).",
                                        knee)
                                + overSlo(knee.overSloEverywhere(), sloMs);
                    case SLO_CROSSED ->
                        format(
                                "Tail latency climbs above ~%.1f requests in flight, where TTFT p99 crosses its "
                                        + threshold(sloMs)
                                        + " threshold — scale at about %.1f (75 %%).",
                                knee);
                    case AT_OR_BELOW_QUIETEST ->
                        format(
                                "Tail latency climbs from the quietest traffic seen, ~%.1f requests in flight: the knee"
                                        + " lies there or below — scale at about %.1f (75 %%) or less.",
                                knee);
                };
            case NoKnee none ->
                String.format(
                                Locale.ROOT,
                                "No knee up to ~%.1f requests in flight: TTFT p99 grew no faster than throughput.",
                                none.evidence().highestConcurrency())
                        + overSlo(none.overSloEverywhere(), sloMs);
            case Refusal refusal -> "No knee found. " + refusal.reason();
        };
    }

    static String evidence(KneeEvidence evidence, ConcurrencySource source) {
        return String.format(
                Locale.ROOT,
                "Rests on %d intervals with %,d requests, in %d groups from ~%.1f to ~%.1f %s.",
                evidence.intervals(),
                evidence.requests(),
                evidence.groups().size(),
                evidence.lowestConcurrency(),
                evidence.highestConcurrency(),
                source.description());
    }

    private static String format(String pattern, Knee knee) {
        return String.format(Locale.ROOT, pattern, knee.concurrency(), knee.scaleAt());
    }

    private static String overSlo(boolean everywhere, double sloMs) {
        return everywhere ? " TTFT p99 is over its " + threshold(sloMs) + " threshold at every concurrency seen." : "";
    }

    private static String threshold(double sloMs) {
        return String.format(Locale.ROOT, "%.0f ms", sloMs);
    }
}
