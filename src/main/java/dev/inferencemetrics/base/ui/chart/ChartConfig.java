package dev.inferencemetrics.base.ui.chart;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.inferencemetrics.base.format.NumberRule;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Everything a chart shows. Charts with the same {@code group} share crosshair, tooltip and zoom; {@code id} must
 * be unique on the page. Bars of several series stand side by side unless {@code stacked}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ChartConfig(
        String id,
        @Nullable String group,
        String title,
        ChartUnit unit,
        int height,
        ChartType type,
        boolean sparkline,
        List<ChartSeries> series,
        List<ChartThreshold> thresholds,
        boolean stacked,
        TimeAxis timeAxis,
        @Nullable Scatter scatter) {

    public enum ChartType {
        LINE,
        AREA,
        BAR,
        /** Dots against a numeric axis: the config's {@code scatter}, not its time series. */
        SCATTER;

        @com.fasterxml.jackson.annotation.JsonValue
        public String code() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * What the x values are: instants shown in the browser's time, calendar days (UTC midnight of the date), or plain
     * numbers (a scatter chart's).
     */
    public enum TimeAxis {
        INSTANT,
        DAY,
        NUMBER
    }

    public ChartConfig {
        series = List.copyOf(series);
        thresholds = List.copyOf(thresholds);
    }

    /** The unit's number rule, sent along so the element writes values exactly as the page's cards do. */
    @com.fasterxml.jackson.annotation.JsonProperty("format")
    public NumberRule format() {
        return unit.rule();
    }

    /** How the time axis writes its ticks, sent along so the element keeps no date patterns of its own. */
    @com.fasterxml.jackson.annotation.JsonProperty("timeTicks")
    public TimeTicks timeTicks() {
        return TimeTicks.PAGE;
    }

    public static ChartConfig line(
            String id, @Nullable String group, String title, ChartUnit unit, List<ChartSeries> series) {
        return new ChartConfig(
                id, group, title, unit, 260, ChartType.LINE, false, series, List.of(), false, TimeAxis.INSTANT, null);
    }

    public ChartConfig withThreshold(ChartThreshold threshold) {
        List<ChartThreshold> all = new java.util.ArrayList<>(thresholds);
        all.add(threshold);
        return new ChartConfig(
                id, group, title, unit, height, type, sparkline, series, all, stacked, timeAxis, scatter);
    }

    public ChartConfig withHeight(int pixels) {
        return new ChartConfig(
                id, group, title, unit, pixels, type, sparkline, series, thresholds, stacked, timeAxis, scatter);
    }

    /** A tiny chart without axes, legend or title, for tables. */
    public static ChartConfig sparkline(String id, ChartUnit unit, ChartSeries series) {
        return new ChartConfig(
                id,
                null,
                "",
                unit,
                36,
                ChartType.AREA,
                true,
                List.of(series),
                List.of(),
                false,
                TimeAxis.INSTANT,
                null);
    }

    /** One bar per calendar day and series; each point's x is the UTC midnight that starts its date. */
    public static ChartConfig dailyBars(
            String id,
            @Nullable String group,
            String title,
            ChartUnit unit,
            boolean stacked,
            List<ChartSeries> series) {
        return new ChartConfig(
                id, group, title, unit, 260, ChartType.BAR, false, series, List.of(), stacked, TimeAxis.DAY, null);
    }

    /** Dots of {@code scatter} against its numeric axis, values up in {@code unit}; no zoom, no time. */
    public static ChartConfig scatter(String id, String title, ChartUnit unit, Scatter scatter) {
        return new ChartConfig(
                id,
                null,
                title,
                unit,
                320,
                ChartType.SCATTER,
                false,
                List.of(),
                List.of(),
                false,
                TimeAxis.NUMBER,
                scatter);
    }
}
