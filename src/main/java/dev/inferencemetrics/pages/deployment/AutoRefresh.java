package dev.inferencemetrics.pages.deployment;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/** How often the Metrics tab reloads itself; {@code code} is how the page's address writes it. */
enum AutoRefresh {
    OFF("Off", "off", Duration.ZERO),
    TEN_SECONDS("Every 10 s", "10s", Duration.ofSeconds(10)),
    THIRTY_SECONDS("Every 30 s", "30s", Duration.ofSeconds(30)),
    MINUTE("Every minute", "1m", Duration.ofMinutes(1));

    private final String label;
    private final String code;
    private final Duration interval;

    AutoRefresh(String label, String code, Duration interval) {
        this.label = label;
        this.code = code;
        this.interval = interval;
    }

    String label() {
        return label;
    }

    String code() {
        return code;
    }

    Duration interval() {
        return interval;
    }

    static Optional<AutoRefresh> fromCode(String code) {
        return Arrays.stream(values()).filter(every -> every.code.equals(code)).findFirst();
    }
}
