package dev.inferencemetrics.security;

import dev.inferencemetrics.tenancy.AcrossTenants;
import java.time.Clock;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Creates the people who sign in. Passwords are stored only as hashes. */
@Service
public class UserAccounts {

    private final AppUserRepository users;
    private final PasswordEncoder passwordEncoder;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    UserAccounts(
            AppUserRepository users, PasswordEncoder passwordEncoder, ApplicationEventPublisher events, Clock clock) {
        this.users = users;
        this.passwordEncoder = passwordEncoder;
        this.events = events;
        this.clock = clock;
    }

    @AcrossTenants
    @Transactional(readOnly = true)
    public boolean anyOperatorExists() {
        return users.existsByRole(Role.OPERATOR);
    }

    /** Whether this user is an operator whose account is enabled: their operator keys work only while it is. */
    @AcrossTenants
    @Transactional(readOnly = true)
    public boolean isEnabledOperator(long userId) {
        return users.findById(userId)
                .filter(user -> user.getRole() == Role.OPERATOR && user.isEnabled())
                .isPresent();
    }

    /** The id of the operator with this username, if there is one. */
    @AcrossTenants
    @Transactional(readOnly = true)
    public Optional<Long> operatorId(String username) {
        return users.findByUsername(username)
                .filter(user -> user.getRole() == Role.OPERATOR)
                .map(AppUser::getId);
    }

    /**
     * Whether a signed-in user's account still stands as it did at sign-in: enabled, with the same role and the same
     * password.
     */
    @Transactional(readOnly = true)
    public boolean isCurrent(SignedInUser user) {
        return users.findById(user.userId())
                .filter(stored -> stored.getTenantId() == null || user.scope().includes(stored.getTenantId()))
                .filter(stored -> stored.isEnabled() && stored.getRole() == user.role())
                .filter(stored ->
                        SignedInUser.credentialStampOf(stored.getPasswordHash()).equals(user.credentialStamp()))
                .isPresent();
    }

    /**
     * Changes the signed-in user's own password, given the current one. Their other sessions end once the change
     * has committed; the session it was made in ({@code sessionId}) goes on.
     */
    @Transactional
    public void changeOwnPassword(SignedInUser user, String currentPassword, String newPassword, String sessionId) {
        AppUser stored = users.findById(user.userId())
                .filter(AppUser::isEnabled)
                .orElseThrow(() -> new UserAccountException("This account is no longer active."));
        if (!passwordEncoder.matches(currentPassword, stored.getPasswordHash())) {
            throw new UserAccountException("The current password is not right.");
        }
        if (newPassword.equals(currentPassword)) {
            throw new UserAccountException("The new password is the same as the current one.");
        }
        PasswordRules.check(newPassword);
        String hash = passwordEncoder.encode(newPassword);
        stored.changePasswordHash(hash);
        events.publishEvent(new PasswordChanged(
                user.userId(), stored.getTenantId(), sessionId, SignedInUser.credentialStampOf(hash)));
    }

    /** Creates the user unless one with this username exists; returns whether it was created. */
    @AcrossTenants
    @Transactional
    public boolean createIfAbsent(
            @Nullable Long tenantId, String username, String displayName, String rawPassword, Role role) {
        // usernames are unique across tenants, so the check looks at all of them
        if (users.existsByUsername(username)) {
            return false;
        }
        String hash = passwordEncoder.encode(rawPassword);
        users.save(new AppUser(tenantId, username, displayName, hash, role, clock.instant()));
        return true;
    }
}
