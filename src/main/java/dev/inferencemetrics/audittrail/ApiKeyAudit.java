package dev.inferencemetrics.audittrail;

import dev.inferencemetrics.apikey.ApiKeyCreated;
import dev.inferencemetrics.apikey.ApiKeyRevoked;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/** Logs keys created and revoked, in the change's own transaction: both commit or neither. */
@Component
class ApiKeyAudit {

    private final AuditLog log;

    ApiKeyAudit(AuditLog log) {
        this.log = log;
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void created(ApiKeyCreated key) {
        String scopes = key.scopes().stream().map(ApiScope::code).sorted().collect(Collectors.joining(", "));
        log.record(
                AuditKind.API_KEY_CREATED,
                key.tenantId(),
                "Key " + key.prefix() + "… \"" + key.name() + "\" (id " + key.keyId() + ") with scopes " + scopes);
    }

    @TransactionalEventListener(phase = TransactionPhase.BEFORE_COMMIT, fallbackExecution = true)
    void revoked(ApiKeyRevoked key) {
        log.record(
                AuditKind.API_KEY_REVOKED,
                key.tenantId(),
                "Key " + key.prefix() + "… \"" + key.name() + "\" (id " + key.keyId() + ") revoked");
    }
}
