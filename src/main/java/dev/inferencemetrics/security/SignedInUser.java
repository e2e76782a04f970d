package dev.inferencemetrics.security;

import dev.inferencemetrics.tenancy.Caller;
import dev.inferencemetrics.tenancy.TenantScope;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.CredentialsContainer;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.UserDetails;

/** The principal of a signed-in session: who it is, which role, and which tenants' data it may see. */
public final class SignedInUser implements UserDetails, CredentialsContainer, Caller {

    private final long userId;
    private final @Nullable Long tenantId;
    private final String username;
    private final String displayName;
    private final Role role;
    private final boolean enabled;
    private final String credentialStamp;
    private @Nullable String passwordHash;

    SignedInUser(AppUser user) {
        this.userId = Objects.requireNonNull(user.getId(), "a signed-in user is stored");
        this.tenantId = user.getTenantId();
        this.username = user.getUsername();
        this.displayName = user.getDisplayName();
        this.role = user.getRole();
        this.enabled = user.isEnabled();
        this.passwordHash = user.getPasswordHash();
        this.credentialStamp = credentialStampOf(user.getPasswordHash());
    }

    private SignedInUser(SignedInUser user, String credentialStamp) {
        this.userId = user.userId;
        this.tenantId = user.tenantId;
        this.username = user.username;
        this.displayName = user.displayName;
        this.role = user.role;
        this.enabled = user.enabled;
        this.passwordHash = null;
        this.credentialStamp = credentialStamp;
    }

    /**
     * Which password this session was signed in with, as a digest of its hash that survives the erasing of
     * credentials: a session whose stamp no longer matches the stored password's has outlived a password change.
     */
    static String credentialStampOf(String passwordHash) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(passwordHash.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    String credentialStamp() {
        return credentialStamp;
    }

    /** The same user, signed in with the password whose stamp is given (their own new one). */
    SignedInUser withCredentialStamp(String newStamp) {
        return new SignedInUser(this, newStamp);
    }

    public long userId() {
        return userId;
    }

    public String displayName() {
        return displayName;
    }

    public Role role() {
        return role;
    }

    /** The tenant of a tenant admin or viewer; null for operators. */
    public @Nullable Long tenantId() {
        return tenantId;
    }

    @Override
    public TenantScope scope() {
        return tenantId == null ? TenantScope.allTenants() : TenantScope.tenant(tenantId);
    }

    @Override
    public Collection<? extends GrantedAuthority> getAuthorities() {
        return List.of(new SimpleGrantedAuthority(role.authority()));
    }

    @Override
    public @Nullable String getPassword() {
        return passwordHash;
    }

    @Override
    public String getUsername() {
        return username;
    }

    @Override
    public boolean isEnabled() {
        return enabled;
    }

    @Override
    public void eraseCredentials() {
        passwordHash = null;
    }

    /** The same user whenever signed in, so the session registry finds all of one user's sessions. */
    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof SignedInUser user && user.userId == userId;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(userId);
    }

    @Override
    public String toString() {
        return "SignedInUser[" + userId + ", " + username + "]";
    }
}
