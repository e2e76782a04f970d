package dev.inferencemetrics.base.ui.chart;

import java.util.List;

/** A named line with its colour (any CSS colour) and whether it is dashed. */
public record ChartSeries(String name, String color, boolean dashed, List<ChartPoint> data) {

    public ChartSeries {
        data = List.copyOf(data);
    }

    public static ChartSeries solid(String name, String color, List<ChartPoint> data) {
        return new ChartSeries(name, color, false, data);
    }
}
