package dev.inferencemetrics.base.ui.chart;

/** A horizontal line across the chart, such as an SLO. */
public record ChartThreshold(double value, String label, String color) {}
