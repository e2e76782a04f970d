package dev.inferencemetrics.security;

/** A tenant admin or operator ({@code actorUserId}) created a user of a tenant. */
public record UserCreated(long actorUserId, long userId, long tenantId, String username, Role role) {}
