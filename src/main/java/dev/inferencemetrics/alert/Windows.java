package dev.inferencemetrics.alert;

import java.time.Duration;

/** Window lengths as people say them: 5 min, 1 h, 3 d. */
final class Windows {

    private Windows() {}

    static String label(Duration window) {
        long seconds = window.toSeconds();
        if (seconds % 86_400 == 0) {
            return seconds / 86_400 + " d";
        }
        if (seconds % 3_600 == 0) {
            return seconds / 3_600 + " h";
        }
        if (seconds % 60 == 0) {
            return seconds / 60 + " min";
        }
        return seconds + " s";
    }
}
