package dev.inferencemetrics.audit;

import dev.inferencemetrics.deployment.DeploymentOtlpNamesChanged;
import dev.inferencemetrics.deployment.OtlpNames;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/** Logs operators' changes to a deployment's trace routing, once they have committed. */
@Component
class TraceRoutingAudit {

    private final AuditLog log;

    TraceRoutingAudit(AuditLog log) {
        this.log = log;
    }

    @TransactionalEventListener(fallbackExecution = true)
    void changed(DeploymentOtlpNamesChanged change) {
        log.record(
                AuditKind.DEPLOYMENT_CHANGED,
                change.tenantId(),
                "Deployment id " + change.deploymentId() + " trace routing: " + describe(change.before()) + " → "
                        + describe(change.after()));
    }

    private static String describe(OtlpNames names) {
        return "service names " + names.serviceNames() + ", model names " + names.modelNames();
    }
}
