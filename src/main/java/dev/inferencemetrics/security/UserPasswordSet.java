package dev.inferencemetrics.security;

import org.jspecify.annotations.Nullable;

/** An admin set a new password for a tenant member: the member's sessions have been ended. */
public record UserPasswordSet(
        long actorUserId, long userId, @Nullable Long tenantId, String username) {}
