package dev.inferencemetrics.tenancy;

import java.util.Objects;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Runs work in a transaction of its own that has declared its tenant scope, for code outside a service method
 * (scheduled work, workers). The declaration takes the same path as a transactional method's.
 */
@Component
public class TenantTransactions {

    private final TransactionTemplate transaction;
    private final TenantDeclaration declaration;

    TenantTransactions(TransactionTemplate transaction, TenantDeclaration declaration) {
        this.transaction = transaction;
        this.declaration = declaration;
    }

    public <T> T call(TenantScope scope, Supplier<T> work) {
        return Objects.requireNonNull(transaction.execute(status -> declared(scope, status, work)));
    }

    public void run(TenantScope scope, Runnable work) {
        transaction.executeWithoutResult(status -> declared(scope, status, () -> {
            work.run();
            return Boolean.TRUE;
        }));
    }

    private <T> T declared(TenantScope scope, TransactionStatus status, Supplier<T> work) {
        try {
            return declaration.run(scope, status.isNewTransaction(), work::get);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
