package dev.inferencemetrics.notify;

import org.jspecify.annotations.Nullable;

/**
 * A channel to add: of the tenant {@code tenantId}, or global (null, operators only). {@code allowPrivateAddress}
 * lets a webhook reach a private or link-local address; only operators may set it.
 */
public record NewChannel(
        @Nullable Long tenantId, String name, ChannelKind kind, String target, boolean allowPrivateAddress) {}
