package dev.inferencemetrics.audittrail;

import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.deployment.DeploymentArchived;
import dev.inferencemetrics.deployment.DeploymentCreated;
import dev.inferencemetrics.deployment.DeploymentEdited;
import dev.inferencemetrics.deployment.DeploymentRestored;
import dev.inferencemetrics.tenant.TenantArchived;
import dev.inferencemetrics.tenant.TenantCreated;
import dev.inferencemetrics.tenant.TenantRenamed;
import dev.inferencemetrics.tenant.TenantRestored;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/** Logs operators' changes to tenants and deployments, in the change's own transaction: both commit or neither. */
@Component
class AdministrationAudit {

    private final AuditLog log;

    AdministrationAudit(AuditLog log) {
        this.log = log;
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void created(DeploymentCreated deployment) {
        log.record(
                AuditKind.DEPLOYMENT_CHANGED,
                deployment.tenantId(),
                "Deployment " + deployment.slug() + " (id " + deployment.deploymentId() + ") created: "
                        + deployment.settings());
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void created(TenantCreated tenant) {
        log.record(
                AuditKind.TENANT_CHANGED,
                tenant.tenantId(),
                "Tenant " + tenant.slug() + " created as \"" + tenant.name() + "\"");
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void edited(DeploymentEdited edit) {
        log.record(
                AuditKind.DEPLOYMENT_CHANGED,
                edit.tenantId(),
                "Deployment " + edit.slug() + " (id " + edit.deploymentId() + ") edited: " + edit.before() + " → "
                        + edit.after());
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void archived(DeploymentArchived deployment) {
        log.record(
                AuditKind.DEPLOYMENT_CHANGED,
                deployment.tenantId(),
                "Deployment " + deployment.slug() + " (id " + deployment.deploymentId() + ") archived");
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void restored(DeploymentRestored deployment) {
        log.record(
                AuditKind.DEPLOYMENT_CHANGED,
                deployment.tenantId(),
                "Deployment " + deployment.slug() + " (id " + deployment.deploymentId() + ") restored");
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void renamed(TenantRenamed tenant) {
        log.record(
                AuditKind.TENANT_CHANGED,
                tenant.tenantId(),
                "Renamed from \"" + tenant.oldName() + "\" to \"" + tenant.newName() + "\"");
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void archived(TenantArchived tenant) {
        log.record(AuditKind.TENANT_CHANGED, tenant.tenantId(), "Tenant archived");
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void restored(TenantRestored tenant) {
        log.record(AuditKind.TENANT_CHANGED, tenant.tenantId(), "Tenant restored");
    }
}
