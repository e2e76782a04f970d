package dev.inferencemetrics.base.ui;

import java.time.Duration;

/** How far back a page's history looks (the alert history, the audit log), as its period picker offers it. */
public enum LookBack {
    HOUR("Last hour", Duration.ofHours(1)),
    DAY("Last 24 hours", Duration.ofDays(1)),
    WEEK("Last 7 days", Duration.ofDays(7)),
    MONTH("Last 30 days", Duration.ofDays(30)),
    QUARTER("Last 90 days", Duration.ofDays(90));

    private final String label;
    private final Duration length;

    LookBack(String label, Duration length) {
        this.label = label;
        this.length = length;
    }

    public String label() {
        return label;
    }

    public Duration length() {
        return length;
    }
}
