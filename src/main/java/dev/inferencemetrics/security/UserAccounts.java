package dev.inferencemetrics.security;

import java.time.Clock;
import org.jspecify.annotations.Nullable;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Creates the people who sign in. Passwords are stored only as hashes. */
@Service
public class UserAccounts {

    public static final int MIN_PASSWORD_LENGTH = 12;

    private final AppUserRepository users;
    private final PasswordEncoder passwordEncoder;
    private final DatabaseTenant databaseTenant;
    private final Clock clock;

    UserAccounts(AppUserRepository users, PasswordEncoder passwordEncoder, DatabaseTenant databaseTenant, Clock clock) {
        this.users = users;
        this.databaseTenant = databaseTenant;
        this.passwordEncoder = passwordEncoder;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public boolean anyOperatorExists() {
        databaseTenant.declare(TenantScope.allTenants());
        return users.existsByRole(Role.OPERATOR);
    }

    /** Whether a signed-in user's account still stands as it did at sign-in: enabled, with the same role. */
    @Transactional(readOnly = true)
    public boolean isCurrent(SignedInUser user) {
        databaseTenant.declare(user.scope());
        return users.findById(user.userId())
                .filter(stored -> stored.getTenantId() == null || user.scope().includes(stored.getTenantId()))
                .filter(stored -> stored.isEnabled() && stored.getRole() == user.role())
                .isPresent();
    }

    /** Creates the user unless one with this username exists; returns whether it was created. */
    @Transactional
    public boolean createIfAbsent(
            @Nullable Long tenantId, String username, String displayName, String rawPassword, Role role) {
        // usernames are unique across tenants, so the check looks at all of them
        databaseTenant.declare(TenantScope.allTenants());
        if (users.existsByUsername(username)) {
            return false;
        }
        String hash = passwordEncoder.encode(rawPassword);
        users.save(new AppUser(tenantId, username, displayName, hash, role, clock.instant()));
        return true;
    }
}
