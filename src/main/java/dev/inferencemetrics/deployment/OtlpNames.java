package dev.inferencemetrics.deployment;

import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The OTLP resource {@code service.name} values and model names that route trace spans to one deployment, each list
 * sorted and without repeats. A name belongs to at most one deployment of a tenant.
 */
public record OtlpNames(List<String> serviceNames, List<String> modelNames) {

    static final int MAX_LENGTH = 200;

    public OtlpNames {
        serviceNames = List.copyOf(new TreeSet<>(serviceNames));
        modelNames = List.copyOf(new TreeSet<>(modelNames));
    }

    /** Reads comma- or line-separated names, trimmed, blanks dropped. */
    public static OtlpNames parse(String serviceNames, String modelNames) {
        return new OtlpNames(split(serviceNames), split(modelNames));
    }

    /** What is wrong with these names, if anything. */
    Optional<String> problem() {
        return Stream.concat(serviceNames.stream(), modelNames.stream())
                .filter(name -> name.length() > MAX_LENGTH)
                .findFirst()
                .map(name -> "A name is longer than " + MAX_LENGTH + " characters: " + name);
    }

    private static List<String> split(String names) {
        return Stream.of(names.split("[,\\n]"))
                .map(String::strip)
                .filter(name -> !name.isEmpty())
                .toList();
    }
}
