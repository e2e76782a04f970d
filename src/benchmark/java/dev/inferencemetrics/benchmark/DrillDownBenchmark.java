package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.metrics.RequestDrillDownService;
import dev.inferencemetrics.metrics.RequestPage;
import dev.inferencemetrics.metrics.RequestSort;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Drill-down into a 1-minute interval of the 30-day, 10 requests/s benchmark deployment: the first page (50 slowest
 * by TTFT) and the page after it, timed in-process (server-side) with the (tenant, deployment, ts) index, then —
 * the baseline, same run — after dropping that index, when the primary key (which leads with the request id) is all
 * PostgreSQL has. Prints one Markdown table.
 */
public final class DrillDownBenchmark {

    private DrillDownBenchmark() {}

    public static void main(String[] args) throws Exception {
        BenchmarkHistory.run(DrillDownBenchmark::time);
    }

    private static void time(BenchmarkHistory filled) throws Exception {
        BenchmarkOptions options = filled.options();
        DeploymentRef history = filled.deployment();
        Instant end = filled.end();
        JdbcTemplate owner = new JdbcTemplate(IngestQueryBenchmark.owner(filled.app()));
        owner.execute("vacuum analyze request_sample");
        RequestDrillDownService drillDown = filled.app().getBean(RequestDrillDownService.class);
        TenantScope scope = filled.scope();
        Instant from = end.minus(Duration.ofDays(3)).plus(Duration.ofMinutes(17));
        Instant to = from.plus(Duration.ofMinutes(1));
        RequestPage first = drillDown.page(scope, history.slug(), from, to, RequestSort.TTFT, true, 50, null, null);
        String after = Objects.requireNonNull(first.next(), "the interval holds more than one page");

        double[] indexed = time(drillDown, scope, history, from, to, after, options.queryRuns());
        owner.execute("drop index request_sample_deployment_time_idx");
        owner.execute("analyze request_sample");
        double[] primaryKeyOnly = time(drillDown, scope, history, from, to, after, options.baselineRuns());

        System.out.printf(
                Locale.ROOT,
                "%n%,d requests over %d days at %d/s; interval %s – %s, %d requests per page%n%n"
                        + "| page | with the (tenant, deployment, ts) index, ms | primary key only, ms | ratio |%n"
                        + "| --- | ---: | ---: | ---: |%n"
                        + "| first (50 slowest TTFT) | %.1f | %.1f | %.0f× |%n"
                        + "| second (after the cursor) | %.1f | %.1f | %.0f× |%n",
                filled.stored(),
                options.days(),
                options.requestsPerSecond(),
                from,
                to,
                first.requests().size(),
                indexed[0],
                primaryKeyOnly[0],
                primaryKeyOnly[0] / indexed[0],
                indexed[1],
                primaryKeyOnly[1],
                primaryKeyOnly[1] / indexed[1]);
    }

    /** Medians of the first and the second page, after as many untimed warm-up calls. */
    private static double[] time(
            RequestDrillDownService drillDown,
            TenantScope scope,
            DeploymentRef history,
            Instant from,
            Instant to,
            String after,
            int runs)
            throws Exception {
        double first = QueryBenchmark.median(
                () -> drillDown.page(scope, history.slug(), from, to, RequestSort.TTFT, true, 50, null, null),
                runs,
                runs);
        double second = QueryBenchmark.median(
                () -> drillDown.page(scope, history.slug(), from, to, RequestSort.TTFT, true, 50, after, null),
                runs,
                runs);
        return new double[] {first, second};
    }
}
