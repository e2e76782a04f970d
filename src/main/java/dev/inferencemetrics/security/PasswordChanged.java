package dev.inferencemetrics.security;

import org.jspecify.annotations.Nullable;

/**
 * A user changed their own password: their other sessions have been ended, the one they changed it in
 * ({@code keptSessionId}) goes on, as signed in with the new password ({@code credentialStamp}).
 */
public record PasswordChanged(long userId, @Nullable Long tenantId, String keptSessionId, String credentialStamp) {}
