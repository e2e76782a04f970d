package dev.inferencemetrics.metrics.ui;

import com.vaadin.flow.component.Html;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import dev.inferencemetrics.metrics.MetricFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A row's TTFT p50 over the hour as a small inline SVG drawn on the server: a line through the 5-minute medians, broken
 * where an interval had no requests, scaled from zero to the highest. One element per row instead of a chart library
 * instance per row, so a grid of a hundred rows draws at once.
 */
final class TrendLine {

    static final int WIDTH = 84;
    static final int HEIGHT = 24;
    private static final double PAD = 2;
    private static final String COLOUR = "#2563eb";

    private TrendLine() {}

    static Html of(List<LatencyPoint> trend) {
        return new Html(svg(trend));
    }

    /** The SVG text: numbers only come from the series, so nothing needs escaping. */
    static String svg(List<LatencyPoint> trend) {
        double highest = trend.stream()
                .map(LatencyPoint::p50)
                .filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue)
                .max()
                .orElse(0);
        StringBuilder svg = new StringBuilder(256)
                .append("<svg class=\"fleet-trend\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(WIDTH)
                .append("\" height=\"")
                .append(HEIGHT)
                .append("\" viewBox=\"0 0 ")
                .append(WIDTH)
                .append(' ')
                .append(HEIGHT)
                .append("\" role=\"img\" aria-label=\"")
                .append(label(trend, highest))
                .append("\"><title>")
                .append(label(trend, highest))
                .append("</title>");
        for (List<double[]> run : runs(trend, highest)) {
            svg.append(run.size() == 1 ? dot(run.getFirst()) : line(run));
        }
        return svg.append("</svg>").toString();
    }

    private static String label(List<LatencyPoint> trend, double highest) {
        if (trend.stream().allMatch(p -> p.p50() == null)) {
            return "TTFT p50 trend: no requests in the last hour";
        }
        return "TTFT p50 trend, highest 5-minute median " + MetricFormat.latency(highest);
    }

    /** The points with a median, in runs of consecutive intervals, as x and y in the picture. */
    private static List<List<double[]>> runs(List<LatencyPoint> trend, double highest) {
        List<List<double[]>> runs = new ArrayList<>();
        List<double[]> run = new ArrayList<>();
        double step = trend.size() <= 1 ? 0 : (WIDTH - 2 * PAD) / (trend.size() - 1);
        for (int i = 0; i < trend.size(); i++) {
            Double p50 = trend.get(i).p50();
            if (p50 == null) {
                if (!run.isEmpty()) {
                    runs.add(run);
                    run = new ArrayList<>();
                }
                continue;
            }
            double y = highest <= 0 ? HEIGHT - PAD : HEIGHT - PAD - (HEIGHT - 2 * PAD) * p50 / highest;
            run.add(new double[] {PAD + i * step, y});
        }
        if (!run.isEmpty()) {
            runs.add(run);
        }
        return runs;
    }

    private static String line(List<double[]> run) {
        StringBuilder points = new StringBuilder();
        for (double[] point : run) {
            points.append(points.isEmpty() ? "" : " ")
                    .append(number(point[0]))
                    .append(',')
                    .append(number(point[1]));
        }
        return "<polyline fill=\"none\" stroke=\"" + COLOUR + "\" stroke-width=\"1.5\" stroke-linejoin=\"round\""
                + " points=\"" + points + "\"/>";
    }

    private static String dot(double[] point) {
        return "<circle fill=\"" + COLOUR + "\" r=\"1.5\" cx=\"" + number(point[0]) + "\" cy=\"" + number(point[1])
                + "\"/>";
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
