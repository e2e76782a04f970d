package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.compare.CompareRequest;
import dev.inferencemetrics.compare.CompareService;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * A comparison of two 7-day windows (this week against last week) of the 30-day, 10 requests/s benchmark
 * deployment, against the baseline of the same run: one 7-day metrics query of the same deployment, as the Metrics
 * tab makes it. Both timed in-process (server-side). Prints one Markdown table with the ratio.
 */
public final class CompareBenchmark {

    private CompareBenchmark() {}

    public static void main(String[] args) throws Exception {
        BenchmarkHistory.run(CompareBenchmark::time);
    }

    private static void time(BenchmarkHistory filled) throws Exception {
        BenchmarkOptions options = filled.options();
        DeploymentRef history = filled.deployment();
        Instant end = filled.end();
        TenantScope scope = filled.scope();
        MetricsQueryService metrics = filled.app().getBean(MetricsQueryService.class);
        CompareService compare = filled.app().getBean(CompareService.class);
        Duration week = Duration.ofDays(7);
        QueryWindow thisWeek = QueryWindow.of(end.minus(week), end, null);
        CompareRequest weeks = CompareRequest.of(
                history.slug(), end.minus(week.multipliedBy(2)), end.minus(week), null, end.minus(week), end);
        int runs = options.queryRuns();

        double single = QueryBenchmark.median(() -> metrics.query(scope, history.slug(), thisWeek), runs, runs);
        double compared = QueryBenchmark.median(() -> compare.compare(scope, weeks), runs, runs);
        double page = QueryBenchmark.median(
                () -> {
                    compare.compare(scope, weeks);
                    metrics.query(scope, history.slug(), weeks.aWindow());
                    return metrics.query(scope, history.slug(), weeks.bWindow());
                },
                runs,
                runs);

        System.out.printf(
                Locale.ROOT,
                "%n%,d requests over %d days at %d/s; median of %d after %d warm-up calls%n%n"
                        + "| call | ms | ÷ one 7-day query |%n"
                        + "| --- | ---: | ---: |%n"
                        + "| one 7-day metrics query (baseline) | %.1f | 1.00× |%n"
                        + "| compare two 7-day windows (summary and deltas) | %.1f | **%.2f×** |%n"
                        + "| the Compare page's reads (compare + both sides' series) | %.1f | %.2f× |%n",
                filled.stored(),
                options.days(),
                options.requestsPerSecond(),
                runs,
                runs,
                single,
                compared,
                compared / single,
                page,
                page / single);
    }
}
