package dev.inferencemetrics.base.ui.chart;

/**
 * A shaded time range across the chart, such as an alert while it fired, or a moment ({@code from == to}, drawn as
 * a dashed line) such as an annotation; times in epoch milliseconds.
 */
public record ChartBand(long from, long to, String label, String color) {}
