package dev.inferencemetrics.base.ui.chart;

/** One dot of a scatter chart: a plain number across (not a time) and a value up. */
public record ScatterPoint(double x, double y) {}
