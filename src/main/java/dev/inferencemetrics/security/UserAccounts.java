package dev.inferencemetrics.security;

import java.time.Clock;
import org.jspecify.annotations.Nullable;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Creates the people who sign in. Passwords are stored only as hashes. */
@Service
public class UserAccounts {

    private final AppUserRepository users;
    private final PasswordEncoder passwordEncoder;
    private final Clock clock;

    UserAccounts(AppUserRepository users, PasswordEncoder passwordEncoder, Clock clock) {
        this.users = users;
        this.passwordEncoder = passwordEncoder;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public boolean anyOperatorExists() {
        return users.existsByRole(Role.OPERATOR);
    }

    /** Creates the user unless one with this username exists; returns whether it was created. */
    @Transactional
    public boolean createIfAbsent(
            @Nullable Long tenantId, String username, String displayName, String rawPassword, Role role) {
        if (users.existsByUsername(username)) {
            return false;
        }
        String hash = passwordEncoder.encode(rawPassword);
        users.save(new AppUser(tenantId, username, displayName, hash, role, clock.instant()));
        return true;
    }
}
