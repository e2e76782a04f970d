package dev.inferencemetrics.security;

import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The people who sign in, as admins manage them: a tenant's members by its admins (and operators), the operators by
 * operators. Every method takes the signed-in actor and works only within the actor's {@link TenantScope}: a user of
 * another tenant, or an operator asked for by a tenant admin, is reported as not found. Disabling a user,
 * changing their role or setting their password ends their sessions once the change is committed
 * ({@link UserSessions}).
 */
@Service
public class ManagedUsers {

    private final AppUserRepository users;
    private final PasswordEncoder passwordEncoder;
    private final ApplicationEventPublisher events;
    private final SignInThrottle throttle;
    private final Clock clock;

    ManagedUsers(
            AppUserRepository users,
            PasswordEncoder passwordEncoder,
            ApplicationEventPublisher events,
            SignInThrottle throttle,
            Clock clock) {
        this.users = users;
        this.throttle = throttle;
        this.passwordEncoder = passwordEncoder;
        this.events = events;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public List<ManagedUser> list(SignedInUser actor, long tenantId) {
        requireManages(actor, tenantId);
        return users.findByTenantIdOrderByUsername(tenantId).stream()
                .map(ManagedUser::of)
                .toList();
    }

    /** The operators, for an operator. */
    @Transactional(readOnly = true)
    public List<ManagedUser> listOperators(SignedInUser actor) {
        requireOperator(actor);
        return users.findByRoleOrderByUsername(Role.OPERATOR).stream()
                .map(ManagedUser::of)
                .toList();
    }

    @Transactional
    public ManagedUser create(SignedInUser actor, long tenantId, NewUser user) {
        requireManages(actor, tenantId);
        if (!user.role().isTenantScoped()) {
            throw new UserAccountException("A tenant member is a tenant admin or a tenant viewer.");
        }
        return save(actor, tenantId, user);
    }

    /** Adds an operator, who sees and manages every tenant. */
    @Transactional
    public ManagedUser createOperator(SignedInUser actor, NewUser user) {
        requireOperator(actor);
        if (user.role() != Role.OPERATOR) {
            throw new UserAccountException("An operator has the operator role.");
        }
        return save(actor, null, user);
    }

    private ManagedUser save(SignedInUser actor, @Nullable Long tenantId, NewUser user) {
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
        ManagedUser saved = ManagedUser.of(created);
        events.publishEvent(new UserCreated(actor.userId(), saved.id(), tenantId, saved.username(), saved.role()));
        return saved;
    }

    @Transactional
    public ManagedUser changeRole(SignedInUser actor, long userId, Role role) {
        AppUser user = requireMember(actor, userId);
        refuseSelf(actor, user, "You cannot change your own role.");
        if (!role.isTenantScoped() || !user.getRole().isTenantScoped()) {
            throw new UserAccountException("A tenant member is a tenant admin or a tenant viewer.");
        }
        Role old = user.getRole();
        if (old != role) {
            user.changeRole(role);
            events.publishEvent(
                    new UserRoleChanged(actor.userId(), userId, tenantOf(user), user.getUsername(), old, role));
        }
        return ManagedUser.of(user);
    }

    @Transactional
    public ManagedUser disable(SignedInUser actor, long userId) {
        AppUser user = requireMember(actor, userId);
        refuseSelf(actor, user, "You cannot disable yourself.");
        if (user.isEnabled()) {
            user.disable();
            events.publishEvent(new UserDisabled(actor.userId(), userId, user.getTenantId(), user.getUsername()));
        }
        return ManagedUser.of(user);
    }

    @Transactional
    public ManagedUser enable(SignedInUser actor, long userId) {
        AppUser user = requireMember(actor, userId);
        if (!user.isEnabled()) {
            user.enable();
            events.publishEvent(new UserEnabled(actor.userId(), userId, user.getTenantId(), user.getUsername()));
        }
        return ManagedUser.of(user);
    }

    /** Forgets a member's failed sign-ins, so their right password signs them in again at once, from anywhere. */
    @Transactional
    public ManagedUser unlockSignIn(SignedInUser actor, long userId) {
        AppUser user = requireMember(actor, userId);
        throttle.unlock(user.getUsername());
        events.publishEvent(new SignInUnlocked(actor.userId(), userId, user.getTenantId()));
        return ManagedUser.of(user);
    }

    /** Sets a new password for a member who cannot sign in with theirs; their sessions end. */
    @Transactional
    public ManagedUser setPassword(SignedInUser actor, long userId, String password) {
        AppUser user = requireMember(actor, userId);
        refuseSelf(actor, user, "Change your own password on the Account page.");
        PasswordRules.check(password);
        user.changePasswordHash(passwordEncoder.encode(password));
        events.publishEvent(new UserPasswordSet(actor.userId(), userId, user.getTenantId(), user.getUsername()));
        return ManagedUser.of(user);
    }

    private void requireManages(SignedInUser actor, long tenantId) {
        checkManages(actor, tenantId);
    }

    private static void checkManages(SignedInUser actor, long tenantId) {
        if (actor.role() == Role.TENANT_VIEWER) {
            throw new AccessDeniedException("tenant viewers do not manage users");
        }
        if (!actor.scope().includes(tenantId)) {
            throw new AccessDeniedException("tenant " + tenantId + " is not the caller's");
        }
    }

    /** A user the actor manages: a member of a tenant the actor administers, or, for an operator, an operator. */
    private AppUser requireMember(SignedInUser actor, long userId) {
        AppUser user = users.findById(userId)
                .filter(found -> found.getTenantId() == null
                        ? actor.role() == Role.OPERATOR
                        : actor.scope().includes(found.getTenantId()))
                .orElseThrow(() -> new UserAccountException("There is no such user in this tenant."));
        if (user.getTenantId() != null) {
            checkManages(actor, user.getTenantId());
        }
        return user;
    }

    private void requireOperator(SignedInUser actor) {
        if (actor.role() != Role.OPERATOR) {
            throw new AccessDeniedException("only operators manage operators");
        }
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
