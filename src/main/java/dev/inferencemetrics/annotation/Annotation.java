package dev.inferencemetrics.annotation;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A stored annotation; {@code to} is null for a moment. {@code createdBy} is a username or an API key's prefix. */
public record Annotation(
        long id,
        String deployment,
        Instant from,
        @Nullable Instant to,
        String text,
        List<String> tags,
        String createdBy,
        Instant createdAt) {

    public Annotation {
        tags = List.copyOf(tags);
    }

    /** Where the annotation ends: its range's end, or the moment itself. */
    public Instant end() {
        return to == null ? from : to;
    }
}
