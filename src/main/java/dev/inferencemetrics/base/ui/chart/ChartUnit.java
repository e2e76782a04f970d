package dev.inferencemetrics.base.ui.chart;

/** How a chart formats its values on the axis and in tooltips. */
public enum ChartUnit {
    /** 76 ms, 11.36 s */
    MILLISECONDS,
    /** 2.3 % (values are percentages) */
    PERCENT,
    /** 12.50/s */
    PER_SECOND,
    /** 1.2 % (values are fractions of one) */
    FRACTION,
    /** 950, 12.3k, 4.56M, 1.2B */
    TOKENS,
    /** 12.35, 0.0042 (a currency amount; the series name says which currency) */
    MONEY
}
