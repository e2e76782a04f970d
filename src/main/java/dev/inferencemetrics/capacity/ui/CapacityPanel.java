package dev.inferencemetrics.capacity.ui;

import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartThreshold;
import dev.inferencemetrics.base.ui.chart.ChartUnit;
import dev.inferencemetrics.base.ui.chart.PercentileColours;
import dev.inferencemetrics.base.ui.chart.Scatter;
import dev.inferencemetrics.base.ui.chart.ScatterPoint;
import dev.inferencemetrics.capacity.CapacityReport;
import dev.inferencemetrics.capacity.ConcurrencyPoint;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.metrics.TimeRange;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A window's TTFT p50 and p99 against requests in flight, one dot per interval, with the knee in words, what it
 * rests on, and the sizing panel below.
 */
class CapacityPanel extends VerticalLayout {

    private static final String SLO = "#7c3aed";

    final Select<TimeRange.Preset> range = new Select<>();
    final Paragraph knee = new Paragraph();
    final Paragraph evidence = new Paragraph();
    final ApexChart chart = new ApexChart();
    final SizingPanel sizing;
    private final Function<QueryWindow, CapacityReport> query;
    private final Clock clock;

    CapacityPanel(Function<QueryWindow, CapacityReport> query, Clock clock, SizingPanel sizing) {
        this.query = query;
        this.clock = clock;
        this.sizing = sizing;
        setPadding(false);
        addClassName("capacity");
        range.setLabel("Window");
        range.setItems(TimeRange.Preset.values());
        range.setItemLabelGenerator(TimeRange.Preset::label);
        range.setValue(TimeRange.Preset.DAY);
        range.addValueChangeListener(event -> reload());
        knee.addClassName("capacity-knee");
        evidence.addClassName("capacity-evidence");
        add(new H2("Where the tail bends"), range, knee, evidence, chart, sizing);
        reload();
    }

    void reload() {
        TimeRange.Preset preset = Objects.requireNonNull(range.getValue(), "the picker offers no empty choice");
        CapacityReport report = query.apply(TimeRange.of(preset).window(clock));
        knee.setText(KneeText.sentence(report.knee(), report.ttftSloMs()));
        evidence.setText(KneeText.evidence(report.knee().evidence(), report.source()));
        chart.setConfig(ChartConfig.scatter(
                        "capacity-ttft",
                        "TTFT against requests in flight (each dot an interval)",
                        ChartUnit.MILLISECONDS,
                        new Scatter(
                                report.source().description(),
                                List.of(
                                        dots("TTFT p99", PercentileColours.P99, report, ConcurrencyPoint::ttftP99),
                                        dots("TTFT p50", PercentileColours.P50, report, ConcurrencyPoint::ttftP50))))
                .withThreshold(new ChartThreshold(
                        report.ttftSloMs(), "TTFT SLO " + MetricFormat.latency(report.ttftSloMs()), SLO)));
        sizing.show(report);
    }

    private static Scatter.Dots dots(
            String name, String color, CapacityReport report, Function<ConcurrencyPoint, @Nullable Double> value) {
        return new Scatter.Dots(
                name,
                color,
                report.points().stream()
                        .filter(p -> p.concurrency() != null && value.apply(p) != null)
                        .map(p -> new ScatterPoint(
                                Objects.requireNonNull(p.concurrency()), Objects.requireNonNull(value.apply(p))))
                        .toList());
    }
}
