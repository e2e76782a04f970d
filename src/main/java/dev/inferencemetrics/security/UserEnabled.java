package dev.inferencemetrics.security;

import org.jspecify.annotations.Nullable;

/** A disabled user was enabled again and may sign in. */
public record UserEnabled(
        long actorUserId, long userId, @Nullable Long tenantId, String username) {}
