package dev.inferencemetrics.security;

/** A user was disabled: they cannot sign in, and their sessions have been ended. */
public record UserDisabled(long actorUserId, long userId, long tenantId) {}
