package dev.inferencemetrics.security;

/** A user's role changed; their sessions have been ended. */
public record UserRoleChanged(
        long actorUserId, long userId, long tenantId, String username, Role oldRole, Role newRole) {}
