package dev.inferencemetrics.audittrail;

import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.security.SignInFailed;
import dev.inferencemetrics.security.SignInSucceeded;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenancy.TenantScope;
import org.jspecify.annotations.Nullable;
import org.springframework.context.event.EventListener;
import org.springframework.security.authentication.event.LogoutSuccessEvent;
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import org.springframework.stereotype.Component;

/** Logs sign-ins with a password, successful, refused or throttled, and sign-outs. */
@Component
class SignInAudit {

    private final AuditLog log;

    SignInAudit(AuditLog log) {
        this.log = log;
    }

    @EventListener
    void succeeded(SignInSucceeded signIn) {
        log.record(AuditKind.SIGN_IN_SUCCEEDED, signIn.tenantId(), signIn.username(), signIn.address(), "");
    }

    @EventListener
    void failed(SignInFailed signIn) {
        log.record(
                AuditKind.SIGN_IN_FAILED,
                null,
                signIn.username().isBlank() ? "(no username)" : signIn.username(),
                signIn.address(),
                describe(signIn.reason()));
    }

    private static String describe(String reason) {
        return switch (reason) {
            case SignInFailed.BAD_CREDENTIALS -> "Unknown username or wrong password";
            case SignInFailed.DISABLED -> "Account disabled";
            case SignInFailed.THROTTLED -> "Refused: too many failed sign-ins (password not checked)";
            default -> reason;
        };
    }

    @EventListener
    void signedOut(LogoutSuccessEvent event) {
        if (event.getAuthentication().getPrincipal() instanceof SignedInUser user) {
            @Nullable
            String address = event.getAuthentication().getDetails() instanceof WebAuthenticationDetails details
                    ? details.getRemoteAddress()
                    : null;
            @Nullable Long tenant = user.scope() instanceof TenantScope.SingleTenant single ? single.tenantId() : null;
            log.record(AuditKind.SIGNED_OUT, tenant, user.getUsername(), address, "");
        }
    }
}
