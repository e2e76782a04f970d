package dev.inferencemetrics.provisioning;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** A deployment after archiving or restoring: archived since {@code archivedAt}, or active when that is null. */
record ArchiveAnswer(String slug, @Nullable Instant archivedAt) {}
