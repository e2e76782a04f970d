package dev.inferencemetrics.security;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** A person who signs in: an operator (no tenant) or a member of one tenant. */
@Entity
@Table(name = "app_user")
public class AppUser {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private @Nullable Long id;

    @Column(name = "tenant_id", updatable = false)
    private @Nullable Long tenantId;

    @Column(nullable = false, unique = true, updatable = false)
    private String username;

    @Column(name = "display_name", nullable = false)
    private String displayName;

    @Column(name = "password_hash", nullable = false)
    private String passwordHash;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    private Role role;

    @Column(nullable = false)
    private boolean enabled;

    @Column(name = "created_at", nullable = false, updatable = false)
    private Instant createdAt;

    protected AppUser() {
        this.username = "";
        this.displayName = "";
        this.passwordHash = "";
        this.role = Role.TENANT_VIEWER;
        this.createdAt = Instant.EPOCH;
    }

    public AppUser(
            @Nullable Long tenantId,
            String username,
            String displayName,
            String passwordHash,
            Role role,
            Instant createdAt) {
        if (role.isTenantScoped() == (tenantId == null)) {
            throw new IllegalArgumentException("operators have no tenant; every other role has exactly one");
        }
        this.tenantId = tenantId;
        this.username = username;
        this.displayName = displayName;
        this.passwordHash = passwordHash;
        this.role = role;
        this.enabled = true;
        this.createdAt = createdAt;
    }

    public @Nullable Long getId() {
        return id;
    }

    public @Nullable Long getTenantId() {
        return tenantId;
    }

    public String getUsername() {
        return username;
    }

    public String getDisplayName() {
        return displayName;
    }

    public String getPasswordHash() {
        return passwordHash;
    }

    public Role getRole() {
        return role;
    }

    public boolean isEnabled() {
        return enabled;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    /** Moves a tenant member between the tenant roles; an operator stays an operator. */
    void changeRole(Role newRole) {
        if (!role.isTenantScoped() || !newRole.isTenantScoped()) {
            throw new IllegalArgumentException("only tenant members change role, and only between tenant roles");
        }
        this.role = newRole;
    }

    void changePasswordHash(String newHash) {
        this.passwordHash = newHash;
    }

    void disable() {
        this.enabled = false;
    }

    void enable() {
        this.enabled = true;
    }
}
