package dev.inferencemetrics.base.ui.chart;

/** The colour of each percentile's line, the same on every chart, so p99 reads as p99 wherever it is drawn. */
public final class PercentileColours {

    public static final String P50 = "#2563eb";
    public static final String P90 = "#16a34a";
    public static final String P95 = "#f59e0b";
    public static final String P99 = "#dc2626";

    private PercentileColours() {}
}
