package dev.inferencemetrics.audittrail;

import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.deployment.DeploymentOtlpNamesChanged;
import dev.inferencemetrics.deployment.OtlpNames;
import dev.inferencemetrics.deployment.RawRetentionChanged;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Logs operators' changes to a deployment's trace routing and raw retention, in the change's own transaction: both
 * commit or neither.
 */
@Component
class TraceRoutingAudit {

    private final AuditLog log;

    TraceRoutingAudit(AuditLog log) {
        this.log = log;
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void changed(DeploymentOtlpNamesChanged change) {
        log.record(
                AuditKind.DEPLOYMENT_CHANGED,
                change.tenantId(),
                "Deployment id " + change.deploymentId() + " trace routing: " + describe(change.before()) + " → "
                        + describe(change.after()));
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void changed(RawRetentionChanged change) {
        log.record(
                AuditKind.DEPLOYMENT_CHANGED,
                change.tenantId(),
                "Deployment " + change.slug() + " raw samples kept: " + describe(change.beforeHours()) + " → "
                        + describe(change.afterHours()));
    }

    private static String describe(@Nullable Integer hours) {
        return hours == null ? "the global retention" : hours + " h";
    }

    private static String describe(OtlpNames names) {
        return "service names " + names.serviceNames() + ", model names " + names.modelNames();
    }
}
