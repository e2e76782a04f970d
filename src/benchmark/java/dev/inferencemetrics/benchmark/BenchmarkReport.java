package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.metrics.QueryWindow;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The benchmark's tables: every figure beside its baseline and the ratio, then each target as met or missed. */
final class BenchmarkReport {

    static final double INGEST_TARGET_PER_SECOND = 50_000;
    static final double INGEST_TARGET_SHARE_OF_COPY = 1 / 3.0;
    static final double QUERY_TARGET_MS = 100;
    static final double QUERY_TARGET_SPEED_UP = 100;
    static final double STORAGE_TARGET_BYTES = 500;

    private final PrintStream out;
    private final List<String> verdicts = new ArrayList<>();

    BenchmarkReport(PrintStream out) {
        this.out = out;
    }

    void header(Instant now, String postgres, BenchmarkOptions options) {
        out.println();
        out.printf(
                "Inference Metrics benchmark, %s UTC: %d cores, PostgreSQL %s (embedded, same machine), JDK %s%n",
                DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
                        .withZone(ZoneOffset.UTC)
                        .format(now),
                Runtime.getRuntime().availableProcessors(),
                postgres,
                Runtime.version());
        out.printf("Samples resampled from the LLMPerf run %s (%s)%n", options.run(), options.dataset());
    }

    void history(long requests, int days, int requestsPerSecond, Duration took) {
        out.println();
        out.printf(
                "History: %d days at %d requests/s = %,d requests; raw rows by COPY, rollups by the rollup stores"
                        + " (%d s, with VACUUM ANALYZE)%n",
                days, requestsPerSecond, requests, took.toSeconds());
    }

    void queries(List<QueryBenchmark.Figures> windows, BenchmarkOptions options) {
        out.println();
        out.printf(
                "Query: MetricsQueryService.query in-process (median of %d after %d warm-up runs) and GET /metrics over"
                        + " HTTP;%n  baseline: percentile_cont(array[.5,.9,.95,.99]) within group (order by ttft_ms)"
                        + " over the window's raw rows (median of %d after 1 warm-up run)%n",
                options.queryRuns(), options.queryRuns(), options.baselineRuns());
        out.printf(
                "  %-6s %-7s %-9s %8s %9s %12s %14s %9s %20s %20s%n",
                "window",
                "step",
                "rollups",
                "query ms",
                "HTTP ms",
                "raw rows",
                "baseline ms",
                "speed-up",
                "TTFT p50 rollup/raw",
                "TTFT p99 rollup/raw");
        for (QueryBenchmark.Figures w : windows) {
            out.printf(
                    Locale.ROOT,
                    "  %-6s %-7s %-9s %8.1f %9.1f %,12d %,14.0f %8.0f× %20s %20s%n",
                    w.window(),
                    step(w.query()),
                    w.query().resolution().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                    w.rollupMs(),
                    w.httpMs(),
                    w.rawRows(),
                    w.baselineMs(),
                    w.speedUp(),
                    "%.1f / %.1f".formatted(w.rollupP50(), w.rawP50()),
                    "%.1f / %.1f".formatted(w.rollupP99(), w.rawP99()));
            verdict(
                    w.rollupMs() < QUERY_TARGET_MS,
                    "%s query %.1f ms (target < %.0f ms)".formatted(w.window(), w.rollupMs(), QUERY_TARGET_MS));
            verdict(
                    w.speedUp() >= QUERY_TARGET_SPEED_UP,
                    "%s query %.0f× faster than percentile_cont (target ≥ %.0f×)"
                            .formatted(w.window(), w.speedUp(), QUERY_TARGET_SPEED_UP));
        }
    }

    void storage(StorageFigures storage) {
        out.println();
        out.printf(
                "Storage: MINUTE rollups of the history deployment (%,d rows), bytes per deployment, metric and minute%n",
                storage.minuteRows());
        out.printf(
                Locale.ROOT,
                "  sketches as stored: TTFT %.0f, ITL %.0f, E2E %.0f (mean %.0f)%n",
                storage.ttftBytes(),
                storage.itlBytes(),
                storage.e2eBytes(),
                storage.sketchBytesPerMetric());
        out.printf(
                Locale.ROOT,
                "  %-58s %6.0f   (target ≤ %.0f)%n",
                "whole row ÷ 3 metrics",
                storage.rowBytesPerMetric(),
                STORAGE_TARGET_BYTES);
        out.printf(
                Locale.ROOT,
                "  %-58s %6.0f%n",
                "on disk ÷ 3 metrics (heap, primary key, half-hour rows too)",
                storage.diskBytesPerMetric());
        verdict(
                storage.rowBytesPerMetric() <= STORAGE_TARGET_BYTES,
                "storage %.0f B per deployment, metric and minute (row ÷ 3; target ≤ %.0f B)"
                        .formatted(storage.rowBytesPerMetric(), STORAGE_TARGET_BYTES));
        verdict(
                storage.diskBytesPerMetric() <= STORAGE_TARGET_BYTES,
                "storage on disk %.0f B per deployment, metric and minute (with index and half-hour rows; target ≤ %.0f B)"
                        .formatted(storage.diskBytesPerMetric(), STORAGE_TARGET_BYTES));
    }

    void ingest(List<IngestBenchmark.Figures> forms, int clients) {
        out.println();
        out.printf(
                "Ingest: POST /api/v1/ingest/requests, batches of 1,000, %d concurrent clients; baseline: COPY of the"
                        + " same rows,%n  same batches and concurrency, into request_sample (raw rows only, no rollups)%n",
                clients);
        out.printf(
                "  %-20s %10s %15s %15s %7s %17s %23s %23s%n",
                "form",
                "samples",
                "HTTP samples/s",
                "COPY samples/s",
                "ratio",
                "batch p50/p99 ms",
                "HTTP CPU µs/sample",
                "COPY CPU µs/sample");
        for (IngestBenchmark.Figures f : forms) {
            out.printf(
                    Locale.ROOT,
                    "  %-20s %,10d %,15.0f %,15.0f %7.2f %17s %23s %23s%n",
                    f.form(),
                    f.samples(),
                    f.httpPerSecond(),
                    f.copyPerSecond(),
                    f.ratio(),
                    "%.0f / %.0f".formatted(f.p50Ms(), f.p99Ms()),
                    cpu(f, f.httpCpu()),
                    cpu(f, f.copyCpu()));
        }
        out.println("  (CPU: this JVM, i.e. application and clients, + PostgreSQL)");
        IngestBenchmark.Figures target = forms.getFirst();
        verdict(
                target.httpPerSecond() >= INGEST_TARGET_PER_SECOND,
                "ingest %s %,.0f samples/s (target ≥ %,.0f)"
                        .formatted(target.form(), target.httpPerSecond(), INGEST_TARGET_PER_SECOND));
        verdict(
                target.ratio() >= INGEST_TARGET_SHARE_OF_COPY,
                "ingest %s %.2f of COPY (target ≥ 0.33)".formatted(target.form(), target.ratio()));
    }

    void targets() {
        out.println();
        out.println("Targets");
        verdicts.forEach(line -> out.println("  " + line));
        out.println();
    }

    private void verdict(boolean met, String what) {
        verdicts.add((met ? "met     " : "MISSED  ") + what);
    }

    private static String cpu(IngestBenchmark.Figures figures, CpuMeter.Reading reading) {
        return String.format(
                Locale.ROOT,
                "%.1f app + %.1f PG",
                figures.microsPerSample(reading.appNanos()),
                figures.microsPerSample(reading.databaseNanos()));
    }

    private static String step(QueryWindow window) {
        long seconds = window.step().getSeconds();
        return seconds % 3600 == 0 ? seconds / 3600 + " h" : seconds / 60 + " min";
    }
}
