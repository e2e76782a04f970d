package dev.inferencemetrics.security;

import org.jspecify.annotations.Nullable;

/** A user was disabled: they cannot sign in, and their sessions have been ended. */
public record UserDisabled(
        long actorUserId, long userId, @Nullable Long tenantId, String username) {}
