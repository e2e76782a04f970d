package dev.inferencemetrics.loadgen;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;

/** Reads one option's value as what it stands for, or says which option is wrong and why. */
final class OptionValues {

    private OptionValues() {}

    /** The dashboard's address, checked now: a URL without a scheme would fail every call of the run. */
    static URI url(String value) {
        URI url;
        try {
            url = new URI(value);
        } catch (URISyntaxException e) {
            throw notAnHttpUrl(value);
        }
        if (!"http".equalsIgnoreCase(url.getScheme()) && !"https".equalsIgnoreCase(url.getScheme())
                || url.getHost() == null) {
            throw notAnHttpUrl(value);
        }
        return url;
    }

    private static IllegalArgumentException notAnHttpUrl(String value) {
        return new IllegalArgumentException(
                "--url: not an absolute http or https URL such as http://localhost:8080: " + value);
    }

    static double perSecond(String option, String value) {
        try {
            return Double.parseDouble(value.replace("/s", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": not a number: " + value);
        }
    }

    static int whole(String option, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": not a whole number: " + value);
        }
    }

    static Duration duration(String value) {
        try {
            return durationOf(value);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("--duration: not a duration such as 60s, 5m or PT2M: " + value);
        }
    }

    private static Duration durationOf(String value) {
        if (value.startsWith("P") || value.startsWith("p")) {
            return Duration.parse(value);
        }
        if (value.endsWith("ms")) {
            return Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2)));
        }
        long amount = Long.parseLong(value.substring(0, value.length() - 1));
        return switch (value.charAt(value.length() - 1)) {
            case 's' -> Duration.ofSeconds(amount);
            case 'm' -> Duration.ofMinutes(amount);
            case 'h' -> Duration.ofHours(amount);
            default -> Duration.ofSeconds(Long.parseLong(value));
        };
    }
}
