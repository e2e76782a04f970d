package dev.inferencemetrics.base.ui.chart;

/** A shaded time range across the chart, such as an alert while it fired; times in epoch milliseconds. */
public record ChartBand(long from, long to, String label, String color) {}
