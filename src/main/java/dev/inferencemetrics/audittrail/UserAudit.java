package dev.inferencemetrics.audittrail;

import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.security.PasswordChanged;
import dev.inferencemetrics.security.SignInUnlocked;
import dev.inferencemetrics.security.UserCreated;
import dev.inferencemetrics.security.UserDisabled;
import dev.inferencemetrics.security.UserEnabled;
import dev.inferencemetrics.security.UserPasswordSet;
import dev.inferencemetrics.security.UserRoleChanged;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Logs changes to tenants' users, in the change's own transaction (both commit or neither); the actor is whoever is
 * signed in.
 */
@Component
class UserAudit {

    private final AuditLog log;

    UserAudit(AuditLog log) {
        this.log = log;
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void created(UserCreated user) {
        log.record(
                AuditKind.USER_CREATED,
                user.tenantId(),
                "User " + user.username() + " (id " + user.userId() + ") created as " + user.role());
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void roleChanged(UserRoleChanged change) {
        log.record(
                AuditKind.USER_ROLE_CHANGED,
                change.tenantId(),
                "User " + change.username() + " (id " + change.userId() + "): " + change.oldRole() + " → "
                        + change.newRole() + "; their sessions were ended");
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void disabled(UserDisabled user) {
        log.record(
                AuditKind.USER_DISABLED,
                user.tenantId(),
                "User " + user.username() + " (id " + user.userId() + ") disabled; their sessions were ended");
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void enabled(UserEnabled user) {
        log.record(
                AuditKind.USER_ENABLED,
                user.tenantId(),
                "User " + user.username() + " (id " + user.userId() + ") enabled");
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void signInUnlocked(SignInUnlocked unlocked) {
        log.record(
                AuditKind.SIGN_IN_UNLOCKED,
                unlocked.tenantId(),
                "User id " + unlocked.userId() + ": failed sign-ins forgotten, sign-in unlocked");
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void passwordSet(UserPasswordSet passwordSet) {
        log.record(
                AuditKind.USER_PASSWORD_SET,
                passwordSet.tenantId(),
                "User " + passwordSet.username() + " (id " + passwordSet.userId()
                        + ") given a new password; their sessions were ended");
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void passwordChanged(PasswordChanged changed) {
        log.record(
                AuditKind.PASSWORD_CHANGED,
                changed.tenantId(),
                "Password changed by its owner; their other sessions were ended");
    }
}
