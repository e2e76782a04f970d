package dev.inferencemetrics.security;

import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** A user as the Users and Operators pages list them: a tenant's member, or an operator ({@code tenantId} null). */
public record ManagedUser(
        long id,
        @Nullable Long tenantId,
        String username,
        String displayName,
        Role role,
        boolean enabled,
        Instant createdAt) {

    static ManagedUser of(AppUser user) {
        return new ManagedUser(
                Objects.requireNonNull(user.getId()),
                user.getTenantId(),
                user.getUsername(),
                user.getDisplayName(),
                user.getRole(),
                user.isEnabled(),
                user.getCreatedAt());
    }
}
