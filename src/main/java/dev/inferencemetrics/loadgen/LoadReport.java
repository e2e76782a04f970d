package dev.inferencemetrics.loadgen;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/** The figures printed at the end of a load: what was stored, how fast calls were answered, heap and disk. */
final class LoadReport {

    private static final double MIB = 1024 * 1024;

    private final LoadOptions options;
    private final PrintStream out;

    LoadReport(LoadOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    void print(
            double seconds,
            LoadStatistics ingest,
            LoadStatistics metricsQueries,
            LoadStatistics fleetQueries,
            Optional<HeapProbe> heap,
            Optional<DatabaseSize> growth) {
        out.println("--- report ---");
        out.printf(Locale.ROOT, "duration        %.1f s%n", seconds);
        out.printf(Locale.ROOT, "deployments     %s%n", options.deployments().describe());
        out.printf(Locale.ROOT, "samples sent    %,d%n", ingest.sent());
        out.printf(Locale.ROOT, "samples stored  %,d (%,.0f/s)%n", ingest.accepted(), ingest.accepted() / seconds);
        out.printf(Locale.ROOT, "samples refused %,d%n", ingest.rejected());
        out.printf(Locale.ROOT, "call latency    %s%n", latencies(ingest));
        out.printf(Locale.ROOT, "failed calls    %d %s%n", ingest.failedCalls(), ingest.failures());
        unanswered("ingest calls", ingest);
        queries("metrics queries", options.queriesPerSecond(), metricsQueries);
        queries("fleet queries  ", options.fleetQueriesPerSecond(), fleetQueries);
        unanswered("metrics queries", metricsQueries);
        unanswered("fleet queries", fleetQueries);
        heap.ifPresent(probe -> out.printf(
                Locale.ROOT,
                "dashboard heap  %s MiB used at the start, %s MiB at the end, %.0f MiB at the peak of the per-second"
                        + " readings%n",
                mebibytes(probe.firstBytes()),
                mebibytes(probe.usedBytes()),
                probe.peakBytes() / MIB));
        growth.ifPresent(grown -> out.printf(
                Locale.ROOT,
                "database growth %+.1f MiB (raw request samples %+.1f MiB, request rollups %+.1f MiB)%n",
                grown.databaseBytes() / MIB,
                grown.rawSampleBytes() / MIB,
                grown.rollupBytes() / MIB));
    }

    private void queries(String label, double perSecond, LoadStatistics queries) {
        if (perSecond > 0) {
            out.printf(
                    Locale.ROOT,
                    "%s %,d sent  %s  failed %d %s%n",
                    label,
                    queries.sent(),
                    latencies(queries),
                    queries.failedCalls(),
                    queries.failures());
        }
    }

    private void unanswered(String label, LoadStatistics calls) {
        if (calls.unansweredCalls() > 0) {
            out.printf(
                    Locale.ROOT,
                    "unanswered      %,d %s neither answered nor failed by the end: the run fails%n",
                    calls.unansweredCalls(),
                    label);
        }
    }

    private static String mebibytes(OptionalLong bytes) {
        return bytes.isPresent() ? String.format(Locale.ROOT, "%.0f", bytes.getAsLong() / MIB) : "?";
    }

    private static String latencies(LoadStatistics calls) {
        return String.format(
                Locale.ROOT,
                "p50 %.1f ms  p99 %.1f ms  max %.1f ms",
                calls.latencyMs(0.5),
                calls.latencyMs(0.99),
                calls.latencyMs(1));
    }
}
