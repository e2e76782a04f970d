package dev.inferencemetrics.tenancy;

import java.util.Objects;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/** Runs work in a transaction of its own that has declared its tenant scope, for code outside a service method. */
@Component
public class TenantTransactions {

    private final TransactionTemplate transaction;
    private final DatabaseTenant databaseTenant;

    TenantTransactions(TransactionTemplate transaction, DatabaseTenant databaseTenant) {
        this.transaction = transaction;
        this.databaseTenant = databaseTenant;
    }

    public <T> T call(TenantScope scope, Supplier<T> work) {
        return Objects.requireNonNull(transaction.execute(status -> {
            databaseTenant.declare(scope);
            return work.get();
        }));
    }

    public void run(TenantScope scope, Runnable work) {
        transaction.executeWithoutResult(status -> {
            databaseTenant.declare(scope);
            work.run();
        });
    }
}
