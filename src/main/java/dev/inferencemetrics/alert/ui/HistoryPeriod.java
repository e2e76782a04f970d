package dev.inferencemetrics.alert.ui;

import java.time.Duration;

/** How far back the alert history looks. */
enum HistoryPeriod {
    DAY("Last 24 hours", Duration.ofDays(1)),
    WEEK("Last 7 days", Duration.ofDays(7)),
    MONTH("Last 30 days", Duration.ofDays(30)),
    QUARTER("Last 90 days", Duration.ofDays(90));

    private final String label;
    private final Duration length;

    HistoryPeriod(String label, Duration length) {
        this.label = label;
        this.length = length;
    }

    String label() {
        return label;
    }

    Duration length() {
        return length;
    }
}
