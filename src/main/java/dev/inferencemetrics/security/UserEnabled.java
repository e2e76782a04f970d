package dev.inferencemetrics.security;

/** A disabled user was enabled again and may sign in. */
public record UserEnabled(long actorUserId, long userId, long tenantId) {}
