package dev.inferencemetrics.metrics;

import dev.inferencemetrics.api.InstantParameter;
import dev.inferencemetrics.base.UnusableValueException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The time range picked on the Metrics page: a preset that ends now (15 m … 30 d) or a custom from/to. It lives in
 * the URL ({@code ?range=24h} or {@code ?from=…&to=…}) so a link reproduces the view.
 */
public record TimeRange(
        @Nullable Preset preset,
        @Nullable Instant from,
        @Nullable Instant to) {

    public static final TimeRange DEFAULT = new TimeRange(Preset.HOUR, null, null);

    public enum Preset {
        QUARTER_HOUR("15m", "Last 15 minutes", Duration.ofMinutes(15)),
        HOUR("1h", "Last hour", Duration.ofHours(1)),
        SIX_HOURS("6h", "Last 6 hours", Duration.ofHours(6)),
        DAY("24h", "Last 24 hours", Duration.ofDays(1)),
        WEEK("7d", "Last 7 days", Duration.ofDays(7)),
        MONTH("30d", "Last 30 days", Duration.ofDays(30));

        private final String code;
        private final String label;
        private final Duration length;

        Preset(String code, String label, Duration length) {
            this.code = code;
            this.label = label;
            this.length = length;
        }

        public String code() {
            return code;
        }

        public String label() {
            return label;
        }

        public Duration length() {
            return length;
        }

        static Optional<Preset> fromCode(String code) {
            return Arrays.stream(values()).filter(p -> p.code.equals(code)).findFirst();
        }
    }

    public TimeRange {
        if (preset == null) {
            if (from == null || to == null || !from.isBefore(to)) {
                throw new UnusableValueException("a custom range needs from before to");
            }
            if (from.isBefore(InstantParameter.EARLIEST)
                    || to.isAfter(InstantParameter.LATEST)
                    || Duration.between(from, to).compareTo(QueryWindow.MAX_WINDOW) > 0) {
                throw new UnusableValueException("a custom range lies between the years 1970 and 9999 and spans at "
                        + "most " + QueryWindow.MAX_WINDOW.toDays() + " days");
            }
        }
    }

    public static TimeRange of(Preset preset) {
        return new TimeRange(preset, null, null);
    }

    public static TimeRange custom(Instant from, Instant to) {
        return new TimeRange(null, from, to);
    }

    /** Reads the URL's query parameters; anything missing or unreadable gives the default (last hour). */
    public static TimeRange fromQuery(Map<String, List<String>> parameters) {
        Optional<Preset> preset = first(parameters, "range").flatMap(Preset::fromCode);
        if (preset.isPresent()) {
            return of(preset.get());
        }
        try {
            Optional<Instant> from = first(parameters, "from").map(Instant::parse);
            Optional<Instant> to = first(parameters, "to").map(Instant::parse);
            if (from.isPresent() && to.isPresent() && from.get().isBefore(to.get())) {
                return custom(from.get(), to.get());
            }
        } catch (DateTimeParseException | UnusableValueException e) {
            return DEFAULT;
        }
        return DEFAULT;
    }

    public Map<String, String> toQuery() {
        Map<String, String> query = new LinkedHashMap<>();
        if (preset != null) {
            query.put("range", preset.code());
        } else {
            query.put("from", String.valueOf(from));
            query.put("to", String.valueOf(to));
        }
        return query;
    }

    public QueryWindow window(Clock clock) {
        if (preset != null) {
            Instant now = clock.instant();
            return QueryWindow.of(now.minus(preset.length()), now, null);
        }
        if (from == null || to == null) {
            throw new IllegalStateException("a custom range has from and to");
        }
        return QueryWindow.of(from, to, null);
    }

    private static Optional<String> first(Map<String, List<String>> parameters, String name) {
        return Optional.ofNullable(parameters.get(name))
                .flatMap(values -> values.stream().findFirst())
                .filter(value -> !value.isBlank());
    }
}
