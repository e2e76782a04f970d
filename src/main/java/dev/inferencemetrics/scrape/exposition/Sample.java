package dev.inferencemetrics.scrape.exposition;

import java.util.Map;

/** One line of an exposition: a sample name, its labels (in the order written) and its value. */
public record Sample(String name, Map<String, String> labels, double value) {

    public Sample {
        labels = Map.copyOf(labels);
    }

    /** The value of a label, or {@code ""} when the sample has none of that name, as Prometheus reads it. */
    public String label(String label) {
        return labels.getOrDefault(label, "");
    }
}
