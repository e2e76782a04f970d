package dev.inferencemetrics.base.ui.chart;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Everything a chart shows. Charts with the same {@code group} share crosshair, tooltip and zoom; {@code id} must
 * be unique on the page.
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
        List<ChartThreshold> thresholds) {

    public enum ChartType {
        LINE,
        AREA;

        @com.fasterxml.jackson.annotation.JsonValue
        public String code() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public ChartConfig {
        series = List.copyOf(series);
        thresholds = List.copyOf(thresholds);
    }

    public static ChartConfig line(
            String id, @Nullable String group, String title, ChartUnit unit, List<ChartSeries> series) {
        return new ChartConfig(id, group, title, unit, 260, ChartType.LINE, false, series, List.of());
    }

    public ChartConfig withThreshold(ChartThreshold threshold) {
        List<ChartThreshold> all = new java.util.ArrayList<>(thresholds);
        all.add(threshold);
        return new ChartConfig(id, group, title, unit, height, type, sparkline, series, all);
    }

    public ChartConfig withHeight(int pixels) {
        return new ChartConfig(id, group, title, unit, pixels, type, sparkline, series, thresholds);
    }

    /** A tiny chart without axes, legend or title, for tables. */
    public static ChartConfig sparkline(String id, ChartUnit unit, ChartSeries series) {
        return new ChartConfig(id, null, "", unit, 36, ChartType.AREA, true, List.of(series), List.of());
    }
}
