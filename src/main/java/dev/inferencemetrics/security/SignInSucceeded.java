package dev.inferencemetrics.security;

import org.jspecify.annotations.Nullable;

/** Someone signed in (form or HTTP basic) from a client address. {@code tenantId} is null for operators. */
public record SignInSucceeded(
        String username, long userId, @Nullable Long tenantId, String address) {}
