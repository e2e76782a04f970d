package dev.inferencemetrics.notify;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** Where alerts of one tenant (or, tenantId null, of every tenant) are sent. */
public record Channel(
        long id,
        @Nullable Long tenantId,
        String name,
        ChannelKind kind,
        String target,
        boolean allowPrivateAddress,
        boolean enabled,
        Instant createdAt) {

    public boolean global() {
        return tenantId == null;
    }
}
