package dev.inferencemetrics.base.ui.chart;

import java.util.List;

/**
 * What a scatter chart plots, in place of time series: named sets of dots against a numeric axis titled
 * {@code xTitle}, whose values are written with one decimal.
 */
public record Scatter(String xTitle, List<Dots> series) {

    public Scatter {
        series = List.copyOf(series);
    }

    /** A named set of dots in one colour. */
    public record Dots(String name, String color, List<ScatterPoint> data) {

        public Dots {
            data = List.copyOf(data);
        }
    }
}
