package dev.inferencemetrics.e2e;

import java.util.List;

/** What one rendered chart shows: its title, its legend entries and whether it carries y-axis annotations. */
record DrawnChart(String title, List<String> legend, boolean hasYAxisAnnotations) {}
