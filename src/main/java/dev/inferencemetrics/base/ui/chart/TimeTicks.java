package dev.inferencemetrics.base.ui.chart;

/**
 * How a time axis writes its ticks, one pattern per unit a tick falls on (ApexCharts' date patterns). The ticks
 * themselves fall on round times — 5, 10, 15 or 30 minutes, hours, days — as the window's length suggests; a tick on
 * a new day carries the date, the others the time of day.
 */
public record TimeTicks(String year, String month, String day, String hour, String minute) {

    /** "2026", "Nov 2026", "26 Nov", "14:00", "14:05": the day before the month, as everywhere on the pages. */
    public static final TimeTicks PAGE = new TimeTicks("yyyy", "MMM yyyy", "d MMM", "HH:mm", "HH:mm");
}
