package dev.inferencemetrics.security;

import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.tenancy.Caller;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * The audit side of operators' access to every tenant: each time an operator opens another tenant's data (or all
 * tenants' at once), the log says who, what and whose. Tenant users never cross tenants, so nothing is logged.
 */
@Component
public class OperatorAccessAudit {

    private final AuditLog log;

    OperatorAccessAudit(AuditLog log) {
        this.log = log;
    }

    /** {@code tenantId}: whose data; null for all tenants at once. */
    public void opened(SignedInUser user, @Nullable Long tenantId, String what) {
        if (isOperator(user)) {
            log.record(AuditKind.CROSS_TENANT_ACCESS, tenantId, tenantId == null ? what + " (all tenants)" : what);
        }
    }

    /** The same for a call of the HTTP API; {@code tenantId} is only worked out for operators. */
    public void called(Caller caller, Supplier<@Nullable Long> tenantId, String what) {
        if (isOperator(caller)) {
            opened((SignedInUser) caller, tenantId.get(), "API: " + what);
        }
    }

    private static boolean isOperator(Caller caller) {
        return caller instanceof SignedInUser user && user.role() == Role.OPERATOR;
    }
}
