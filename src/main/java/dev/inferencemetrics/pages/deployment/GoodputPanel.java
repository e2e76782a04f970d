package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Div;
import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartPoint;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.base.ui.chart.ChartUnit;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.GoodputFigures;
import dev.inferencemetrics.metrics.GoodputFigures.BreachCount;
import dev.inferencemetrics.metrics.GoodputFigures.Breaches;
import dev.inferencemetrics.metrics.GoodputFigures.GoodputPoint;
import dev.inferencemetrics.metrics.MetricFormat;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Goodput on the Metrics tab: good requests/s beside all requests/s, a line saying goodput % and token goodput % with
 * the thresholds they were counted with, breaches by kind per interval as a stacked chart, and the window's breaches
 * as a table of counts and shares. Hidden while the window has no request.
 */
class GoodputPanel extends Div {

    /** A breach kind as the chart and the table name it, and where its count is. */
    record Kind(String label, String color, Function<Breaches, BreachCount> count) {}

    static final List<Kind> KINDS = List.of(
            new Kind("TTFT over threshold", "#e8a33d", Breaches::ttft),
            new Kind("ITL over threshold", "#d9822b", Breaches::itl),
            new Kind("E2E over threshold", "#b5651d", Breaches::e2e),
            new Kind("Incomplete (length)", "#8e7cc3", Breaches::incomplete),
            new Kind("Timeout", "#c0392b", Breaches::timeout),
            new Kind("Error", "#922b21", Breaches::error),
            new Kind("Cancelled", "#7f8c8d", Breaches::cancelled));

    /** One row of the breach table. */
    record BreachRow(String kind, String count, String share) {}

    final Div headline = new Div();
    final ApexChart rates = new ApexChart();
    final ApexChart breaches = new ApexChart();
    final Grid<BreachRow> table = new Grid<>();

    GoodputPanel() {
        // a panel of its own below the charts the page always draws
        addClassNames("panel-charts", "goodput");
        headline.addClassName("goodput-headline");
        table.addColumn(BreachRow::kind).setHeader("Breach");
        table.addColumn(BreachRow::count).setHeader("Requests");
        table.addColumn(BreachRow::share).setHeader("Share of requests");
        table.setAllRowsVisible(true);
        add(headline, rates, breaches, table);
        setVisible(false);
    }

    /** Shows the window's goodput; an interval still running at {@code now} is left out of the charts. */
    void show(DeploymentMetrics metrics, Instant now) {
        GoodputFigures goodput = metrics.goodput();
        setVisible(goodput.requests() > 0);
        if (goodput.requests() == 0) {
            return;
        }
        headline.setText(headline(goodput));
        List<GoodputPoint> series =
                CompleteIntervals.ended(goodput.series(), GoodputPoint::t, metrics.stepSeconds(), now);
        rates.setConfig(ChartConfig.line(
                "goodput",
                MetricsCharts.GROUP,
                "Good requests/s beside all requests/s",
                ChartUnit.PER_SECOND,
                List.of(
                        ChartSeries.solid("all requests/s", "#5b8def", points(series, GoodputPoint::requestsPerSecond)),
                        ChartSeries.solid(
                                "good requests/s", "#2e9e5b", points(series, GoodputPoint::goodRequestsPerSecond)))));
        double step = metrics.stepSeconds();
        breaches.setConfig(new ChartConfig(
                "breaches",
                MetricsCharts.GROUP,
                "Breaches by kind, per second",
                ChartUnit.PER_SECOND,
                260,
                ChartConfig.ChartType.BAR,
                false,
                KINDS.stream()
                        .map(kind -> ChartSeries.solid(
                                kind.label(),
                                kind.color(),
                                points(
                                        series,
                                        point -> kind.count()
                                                        .apply(point.breaches())
                                                        .count()
                                                / step)))
                        .toList(),
                List.of(),
                true,
                ChartConfig.TimeAxis.INSTANT,
                null));
        table.setItems(KINDS.stream()
                .map(kind -> {
                    BreachCount count = kind.count().apply(goodput.breaches());
                    return new BreachRow(
                            kind.label(), MetricFormat.count(count.count()), MetricFormat.percent(count.sharePct()));
                })
                .toList());
    }

    /**
     * "Goodput 25.0 % (0.00083 good requests/s of 0.0033) · token goodput 16.4 % · thresholds ttft:200 tpot:20
     * e2el:2000", and the requests that were not judged, if any (stored before goodput was counted).
     */
    static String headline(GoodputFigures goodput) {
        String text = "Goodput " + MetricFormat.percent(goodput.goodputPct()) + " ("
                + MetricFormat.rate(goodput.goodRequestsPerSecond()) + " good requests/s of "
                + MetricFormat.rate(goodput.requestsPerSecond()) + ") · token goodput "
                + MetricFormat.percent(goodput.tokenGoodputPct()) + " · thresholds "
                + goodput.thresholds().describe();
        long unjudged = goodput.requests() - goodput.countedRequests();
        return unjudged > 0
                ? text + " · " + MetricFormat.count(unjudged) + " requests stored before goodput was counted"
                : text;
    }

    private static List<ChartPoint> points(List<GoodputPoint> series, ToDoubleFunction<GoodputPoint> value) {
        return series.stream()
                .map(point -> new ChartPoint(point.t().toEpochMilli(), value.applyAsDouble(point)))
                .toList();
    }
}
