package dev.inferencemetrics.deployment.ui;

import java.time.Instant;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/** How the admin page words whether a tenant or deployment is archived. */
final class ArchiveState {

    private ArchiveState() {}

    static String describe(@Nullable Instant archivedAt) {
        return archivedAt == null ? "Active" : "Archived on " + date(archivedAt);
    }

    /** The day (UTC) of an instant, as 2026-11-22. */
    static String date(Instant instant) {
        return instant.atZone(ZoneOffset.UTC).toLocalDate().toString();
    }
}
