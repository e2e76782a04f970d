package dev.inferencemetrics.base.ui.chart;

import org.jspecify.annotations.Nullable;

/** One point: epoch milliseconds and a value; a null value is a gap in the line (no data), never a zero. */
public record ChartPoint(long x, @Nullable Double y) {}
