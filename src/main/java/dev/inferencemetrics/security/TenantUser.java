package dev.inferencemetrics.security;

import java.time.Instant;
import java.util.Objects;

/** A member of a tenant as the Users page lists them. */
public record TenantUser(
        long id, long tenantId, String username, String displayName, Role role, boolean enabled, Instant createdAt) {

    static TenantUser of(AppUser user) {
        return new TenantUser(
                Objects.requireNonNull(user.getId()),
                Objects.requireNonNull(user.getTenantId()),
                user.getUsername(),
                user.getDisplayName(),
                user.getRole(),
                user.isEnabled(),
                user.getCreatedAt());
    }
}
