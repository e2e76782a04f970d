package dev.inferencemetrics.notify;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** One message to one channel, and how sending it went so far. */
public record Delivery(
        long id,
        long tenantId,
        long alertId,
        long channelId,
        String channel,
        NoticeEvent event,
        String payload,
        int attempts,
        Instant nextAttemptAt,
        @Nullable Instant deliveredAt,
        @Nullable Instant abandonedAt,
        @Nullable String lastError) {}
