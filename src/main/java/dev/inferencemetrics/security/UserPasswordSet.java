package dev.inferencemetrics.security;

/** An admin set a new password for a tenant member: the member's sessions have been ended. */
public record UserPasswordSet(long actorUserId, long userId, long tenantId) {}
