package dev.inferencemetrics.scrape;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A replica's /metrics endpoint and its health as the deployment page shows it. The bearer token is never read
 * back: {@code hasToken} says only whether one is stored.
 */
public record ScrapeTarget(
        long id,
        String url,
        String replica,
        int intervalSeconds,
        int timeoutSeconds,
        boolean hasToken,
        Instant createdAt,
        @Nullable Instant lastSuccessAt,
        @Nullable Instant lastAttemptAt,
        @Nullable String lastError,
        @Nullable Integer seriesRead,
        int failures) {

    /** Whether the last attempt failed. */
    public boolean failing() {
        return failures > 0;
    }
}
