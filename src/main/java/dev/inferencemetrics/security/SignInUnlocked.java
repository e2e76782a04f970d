package dev.inferencemetrics.security;

import org.jspecify.annotations.Nullable;

/** An administrator forgot a user's failed sign-ins, so the account's sign-in throttle no longer refuses them. */
public record SignInUnlocked(
        long actorUserId, long userId, @Nullable Long tenantId) {}
