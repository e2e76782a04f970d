package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.select.Select;
import dev.inferencemetrics.base.format.NumberRules;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.metrics.Heatmap;
import dev.inferencemetrics.metrics.HeatmapMetric;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.metrics.TimeRange;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * The distribution of one metric per interval as a heatmap from the rollup sketches, with its p50 and p99 over it:
 * shows what percentile lines hide, such as two populations of requests at once. A selector picks the metric.
 */
class HeatmapPanel extends Div {

    static final String EMPTY = "No requests in this window, so there is no distribution to draw.";
    static final String DEFINITION = "Each column is one interval, each row a range of values (log scale); the darker"
            + " a cell, the more observations fell in it. ITL counts token gaps, the others requests.";

    final Select<HeatmapMetric> metric = new Select<>();
    final HeatmapChart chart = new HeatmapChart();
    final Paragraph empty = new Paragraph(EMPTY);
    /** Below the picker across the panel: as the picker's helper text it was squeezed into the picker's width. */
    final Paragraph definition = new Paragraph(DEFINITION);

    private final BiFunction<HeatmapMetric, TimeRange, Heatmap> query;
    private final Clock clock;
    private TimeRange range = TimeRange.DEFAULT;

    HeatmapPanel(BiFunction<HeatmapMetric, TimeRange, Heatmap> query, Clock clock) {
        this.query = query;
        this.clock = clock;
        addClassName("heatmap-panel");
        setWidthFull();
        metric.setLabel("Heatmap");
        metric.setItems(HeatmapMetric.values());
        metric.setItemLabelGenerator(HeatmapMetric::label);
        metric.setValue(HeatmapMetric.TTFT);
        metric.addValueChangeListener(event -> show(range));
        empty.addClassName("empty-state");
        definition.addClassName("heatmap-definition");
        add(metric, definition, chart, empty);
    }

    void show(TimeRange shown) {
        range = shown;
        Heatmap heatmap = ended(query.apply(metric.getValue(), shown), clock.instant());
        empty.setVisible(heatmap.isEmpty());
        chart.setVisible(!heatmap.isEmpty());
        if (!heatmap.isEmpty()) {
            chart.setData(data(heatmap, metric.getValue(), PageTimeZone.of(UI.getCurrent())));
        }
    }

    /** The heatmap without its column still running, as every chart of the tab leaves it out. */
    private static Heatmap ended(Heatmap heatmap, Instant now) {
        return new Heatmap(
                heatmap.deployment(),
                heatmap.metric(),
                heatmap.unit(),
                heatmap.from(),
                heatmap.to(),
                heatmap.stepSeconds(),
                heatmap.bounds(),
                heatmap.maxCount(),
                CompleteIntervals.ended(heatmap.columns(), Heatmap.Column::t, heatmap.stepSeconds(), now));
    }

    static HeatmapData data(Heatmap heatmap, HeatmapMetric metric, PageTimeZone zone) {
        boolean days = Duration.between(heatmap.from(), heatmap.to()).compareTo(Duration.ofDays(1)) > 0;
        DateTimeFormatter time = DateTimeFormatter.ofPattern(days ? "d MMM HH:mm" : "HH:mm", Locale.ENGLISH)
                .withZone(zone.zone());
        List<HeatmapData.Column> columns = heatmap.columns().stream()
                .map(column ->
                        new HeatmapData.Column(time.format(column.t()), column.counts(), column.p50(), column.p99()))
                .toList();
        List<String> labels =
                heatmap.bounds().stream().map(edge -> value(edge, metric)).toList();
        return new HeatmapData(
                metric.label() + " distribution (" + zone.name() + ")",
                metric == HeatmapMetric.ITL ? "token gaps" : "requests",
                heatmap.bounds(),
                labels,
                heatmap.maxCount(),
                columns,
                NumberRules.COUNT);
    }

    private static String value(double value, HeatmapMetric metric) {
        return metric.unit() == HeatmapMetric.Unit.MILLISECONDS
                ? MetricFormat.latency(value)
                : MetricFormat.count(Math.round(value));
    }
}
