package dev.inferencemetrics.audittrail;

import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.scrape.AllowListChanged;
import dev.inferencemetrics.scrape.ScrapeTargetChanged;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Logs scrape targets added and removed, and changes to the scrape allow-list, in the change's own transaction: both
 * commit or neither.
 */
@Component
class ScrapeAudit {

    private final AuditLog log;

    ScrapeAudit(AuditLog log) {
        this.log = log;
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void targetChanged(ScrapeTargetChanged change) {
        log.record(
                AuditKind.SCRAPE_TARGET_CHANGED,
                change.tenantId(),
                (change.added() ? "Added" : "Removed") + " scrape target " + change.targetId() + " (" + change.url()
                        + ") of deployment " + change.deployment());
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void allowListChanged(AllowListChanged change) {
        log.record(
                AuditKind.SCRAPE_ALLOW_LIST_CHANGED,
                null,
                (change.added() ? "Added " : "Removed ") + change.entry() + (change.added() ? " to" : " from")
                        + " the scrape allow-list");
    }
}
