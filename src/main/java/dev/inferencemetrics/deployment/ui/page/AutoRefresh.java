package dev.inferencemetrics.deployment.ui.page;

import java.time.Duration;

/** How often the Metrics tab reloads itself. */
enum AutoRefresh {
    OFF("Off", Duration.ZERO),
    TEN_SECONDS("Every 10 s", Duration.ofSeconds(10)),
    THIRTY_SECONDS("Every 30 s", Duration.ofSeconds(30)),
    MINUTE("Every minute", Duration.ofMinutes(1));

    private final String label;
    private final Duration interval;

    AutoRefresh(String label, Duration interval) {
        this.label = label;
        this.interval = interval;
    }

    String label() {
        return label;
    }

    Duration interval() {
        return interval;
    }
}
