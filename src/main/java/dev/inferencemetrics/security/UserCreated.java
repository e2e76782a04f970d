package dev.inferencemetrics.security;

import org.jspecify.annotations.Nullable;

/** A tenant admin or operator ({@code actorUserId}) created a user: a member of a tenant, or an operator ({@code tenantId} null). */
public record UserCreated(
        long actorUserId, long userId, @Nullable Long tenantId, String username, Role role) {}
