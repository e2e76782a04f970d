package dev.inferencemetrics.otlp;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What became of an export's spans: stored, recognised as resent, ignored (no GenAI attributes) or rejected with a
 * reason. The answer's {@code error_message} names the first reasons with their counts.
 */
final class SpanOutcomes {

    private static final int REASONS_NAMED = 3;

    private int stored;
    private int duplicates;
    private int ignored;
    private int rejected;
    private final Map<String, Integer> reasons = new LinkedHashMap<>();

    void addStored(int count) {
        stored += count;
    }

    void addDuplicates(int count) {
        duplicates += count;
    }

    void ignore() {
        ignored++;
    }

    void reject(String reason) {
        rejected++;
        reasons.merge(reason, 1, Integer::sum);
    }

    int stored() {
        return stored;
    }

    int duplicates() {
        return duplicates;
    }

    int ignored() {
        return ignored;
    }

    int rejected() {
        return rejected;
    }

    /** Empty when every span was stored; otherwise the first reasons, and how many spans were ignored. */
    String message() {
        String named = reasons.entrySet().stream()
                .limit(REASONS_NAMED)
                .map(reason -> reason.getValue() + " × " + reason.getKey())
                .collect(Collectors.joining("; "));
        String more = reasons.size() > REASONS_NAMED ? "; and other reasons" : "";
        String rejects = rejected == 0 ? "" : rejected + " span(s) rejected: " + named + more + ".";
        String ignores = ignored == 0 ? "" : ignored + " span(s) without gen_ai attributes ignored.";
        return (rejects + " " + ignores).strip();
    }
}
