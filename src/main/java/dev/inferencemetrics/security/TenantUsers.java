package dev.inferencemetrics.security;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * A tenant's members, as its admins (and operators) manage them. Every method takes the signed-in actor and works
 * only within the actor's {@link TenantScope}: a user of another tenant is reported as not found. Disabling a user,
 * changing their role or setting their password ends their sessions once the change is committed
 * ({@link UserSessions}).
 */
@Service
public class TenantUsers {

    private final AppUserRepository users;
    private final PasswordEncoder passwordEncoder;
    private final ApplicationEventPublisher events;
    private final DatabaseTenant databaseTenant;
    private final Clock clock;

    TenantUsers(
            AppUserRepository users,
            PasswordEncoder passwordEncoder,
            ApplicationEventPublisher events,
            DatabaseTenant databaseTenant,
            Clock clock) {
        this.users = users;
        this.databaseTenant = databaseTenant;
        this.passwordEncoder = passwordEncoder;
        this.events = events;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public List<TenantUser> list(SignedInUser actor, long tenantId) {
        requireManages(actor, tenantId);
        return users.findByTenantIdOrderByUsername(tenantId).stream()
                .map(TenantUser::of)
                .toList();
    }

    @Transactional
    public TenantUser create(SignedInUser actor, long tenantId, NewTenantUser user) {
        requireManages(actor, tenantId);
        user.check();
        if (usernameTaken(user.username())) {
            throw new UserAccountException("The username " + user.username() + " is taken.");
        }
        AppUser created = users.save(new AppUser(
                tenantId,
                user.username(),
                user.displayName(),
                passwordEncoder.encode(user.password()),
                user.role(),
                clock.instant()));
        TenantUser member = TenantUser.of(created);
        events.publishEvent(new UserCreated(actor.userId(), member.id(), tenantId, member.username(), member.role()));
        return member;
    }

    @Transactional
    public TenantUser changeRole(SignedInUser actor, long userId, Role role) {
        AppUser user = requireMember(actor, userId);
        refuseSelf(actor, user, "You cannot change your own role.");
        if (!role.isTenantScoped()) {
            throw new UserAccountException("A tenant member is a tenant admin or a tenant viewer.");
        }
        Role old = user.getRole();
        if (old != role) {
            user.changeRole(role);
            events.publishEvent(new UserRoleChanged(actor.userId(), userId, tenantOf(user), old, role));
        }
        return TenantUser.of(user);
    }

    @Transactional
    public TenantUser disable(SignedInUser actor, long userId) {
        AppUser user = requireMember(actor, userId);
        refuseSelf(actor, user, "You cannot disable yourself.");
        if (user.isEnabled()) {
            user.disable();
            events.publishEvent(new UserDisabled(actor.userId(), userId, tenantOf(user)));
        }
        return TenantUser.of(user);
    }

    @Transactional
    public TenantUser enable(SignedInUser actor, long userId) {
        AppUser user = requireMember(actor, userId);
        if (!user.isEnabled()) {
            user.enable();
            events.publishEvent(new UserEnabled(actor.userId(), userId, tenantOf(user)));
        }
        return TenantUser.of(user);
    }

    /** Sets a new password for a member who cannot sign in with theirs; their sessions end. */
    @Transactional
    public TenantUser setPassword(SignedInUser actor, long userId, String password) {
        AppUser user = requireMember(actor, userId);
        refuseSelf(actor, user, "Change your own password on the Account page.");
        PasswordRules.check(password);
        user.changePasswordHash(passwordEncoder.encode(password));
        events.publishEvent(new UserPasswordSet(actor.userId(), userId, tenantOf(user)));
        return TenantUser.of(user);
    }

    private void requireManages(SignedInUser actor, long tenantId) {
        databaseTenant.declare(actor.scope());
        if (actor.role() == Role.TENANT_VIEWER) {
            throw new AccessDeniedException("tenant viewers do not manage users");
        }
        if (!actor.scope().includes(tenantId)) {
            throw new AccessDeniedException("tenant " + tenantId + " is not the caller's");
        }
    }

    private AppUser requireMember(SignedInUser actor, long userId) {
        databaseTenant.declare(actor.scope());
        AppUser user = users.findById(userId)
                .filter(found -> found.getTenantId() != null)
                .filter(found -> actor.scope().includes(found.getTenantId()))
                .orElseThrow(() -> new UserAccountException("There is no such user in this tenant."));
        requireManages(actor, tenantOf(user));
        return user;
    }

    /** Usernames are unique across tenants; row-level security hides the other tenants' users from this one. */
    private boolean usernameTaken(String username) {
        return Boolean.TRUE.equals(users.usernameTakenInAnyTenant(username));
    }

    private static void refuseSelf(SignedInUser actor, AppUser user, String message) {
        if (Objects.equals(user.getId(), actor.userId())) {
            throw new UserAccountException(message);
        }
    }

    private static long tenantOf(AppUser user) {
        return Objects.requireNonNull(user.getTenantId());
    }
}
