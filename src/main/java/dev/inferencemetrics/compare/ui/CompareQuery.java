package dev.inferencemetrics.compare.ui;

import com.vaadin.flow.router.QueryParameters;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.compare.CompareRequest;
import dev.inferencemetrics.compare.SideFilter;
import dev.inferencemetrics.rollup.Dimension;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The Compare page's address: {@code a}, {@code b}, {@code aFrom}, {@code aTo}, {@code bFrom}, {@code bTo} and the
 * sides' filters ({@code aConsumer}, {@code bAdapter}, …) as in {@code GET /api/v1/compare}, with the same defaults (B is A over the period before A's window, or another
 * deployment over A's window; A's window the last hour).
 */
record CompareQuery(Map<String, String> parameters, Instant now) {

    /** The parameters of the address, in the order they are written. */
    private static final List<String> NAMES = names();

    private static List<String> names() {
        List<String> names = new ArrayList<>(List.of("a", "b", "aFrom", "aTo", "bFrom", "bTo"));
        for (String side : List.of("a", "b")) {
            for (Dimension dimension : Dimension.values()) {
                names.add(SideFilter.parameter(side, dimension));
            }
        }
        return List.copyOf(names);
    }

    static CompareQuery of(QueryParameters query, Clock clock) {
        Map<String, String> parameters = new LinkedHashMap<>();
        for (String name : NAMES) {
            List<String> values = query.getParameters().getOrDefault(name, List.of());
            if (!values.isEmpty() && !values.getFirst().isBlank()) {
                parameters.put(name, values.getFirst());
            }
        }
        return new CompareQuery(Map.copyOf(parameters), clock.instant());
    }

    /** The address of two periods of one deployment, or of two deployments over one period. */
    static Map<String, String> of(
            String a, @Nullable String b, Instant aFrom, Instant aTo, Instant bFrom, Instant bTo) {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("a", a);
        if (b != null && !b.equals(a)) {
            parameters.put("b", b);
        }
        parameters.put("aFrom", aFrom.toString());
        parameters.put("aTo", aTo.toString());
        parameters.put("bFrom", bFrom.toString());
        parameters.put("bTo", bTo.toString());
        return parameters;
    }

    Optional<String> a() {
        return Optional.ofNullable(parameters.get("a"));
    }

    Optional<String> b() {
        return Optional.ofNullable(parameters.get("b"));
    }

    /**
     * @throws UnusableValueException with a message for the person when a parameter is missing or unusable
     */
    CompareRequest request() {
        String a = a().orElseThrow(() -> new UnusableValueException("Pick deployment A to compare."));
        Instant aTo = instant("aTo", now);
        Instant aFrom = instant("aFrom", aTo.minus(Duration.ofHours(1)));
        return CompareRequest.of(
                a,
                aFrom,
                aTo,
                SideFilter.of("a", parameters::get),
                b().orElse(null),
                optionalInstant("bFrom"),
                optionalInstant("bTo"),
                SideFilter.of("b", parameters::get));
    }

    /**
     * Whether B is left to its default of A over the period before: no other deployment, no window of B, and the
     * same requests on both sides.
     */
    boolean bIsThePeriodBefore() {
        return b().filter(b -> !a().orElse("").equals(b)).isEmpty()
                && !parameters.containsKey("bFrom")
                && !parameters.containsKey("bTo")
                && Arrays.stream(Dimension.values())
                        .allMatch(d -> Objects.equals(
                                parameters.get(SideFilter.parameter("a", d)),
                                parameters.get(SideFilter.parameter("b", d))));
    }

    /** This address with other deployments, the windows kept. */
    Map<String, String> withDeployments(String a, @Nullable String b) {
        Map<String, String> changed = new LinkedHashMap<>(parameters);
        changed.put("a", a);
        if (b == null || b.equals(a)) {
            changed.remove("b");
        } else {
            changed.put("b", b);
        }
        return changed;
    }

    private Instant instant(String name, Instant otherwise) {
        Instant value = optionalInstant(name);
        return value == null ? otherwise : value;
    }

    private @Nullable Instant optionalInstant(String name) {
        String value = parameters.get(name);
        if (value == null) {
            return null;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new UnusableValueException(name + " is not an instant such as 2026-11-24T10:00:00Z: " + value, e);
        }
    }
}
