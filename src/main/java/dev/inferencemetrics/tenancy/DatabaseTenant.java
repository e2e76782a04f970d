package dev.inferencemetrics.tenancy;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Tells PostgreSQL whose rows the current transaction works on; row-level security then hides every other tenant's
 * rows from it, whatever its queries say. The declaration is transaction-local ({@code set_config(…, true)}), so it
 * ends with the transaction and never travels with a pooled connection to the next one. Only the tenancy core calls
 * it: {@link TenantDeclaration} declares the scope of every transactional method and programmatic transaction.
 */
@Component
public class DatabaseTenant {

    private static final String DECLARE =
            "select set_config('app.tenant_id', :tenant, true), set_config('app.all_tenants', :allTenants, true)";

    private final JdbcClient jdbc;

    public DatabaseTenant(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * @throws IllegalStateException outside a transaction, where the declaration would end with the statement
     */
    public void declare(TenantScope scope) {
        requireTransaction();
        switch (scope) {
            case TenantScope.AllTenants all -> set("", "on");
            case TenantScope.SingleTenant single -> set(Long.toString(single.tenantId()), "off");
        }
    }

    /** Takes the declaration back: the rest of the transaction sees no tenant's rows, as before any declaration. */
    void withdraw() {
        requireTransaction();
        set("", "off");
    }

    private void set(String tenant, String allTenants) {
        jdbc.sql(DECLARE)
                .param("tenant", tenant)
                .param("allTenants", allTenants)
                .query()
                .listOfRows();
    }

    private static void requireTransaction() {
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalStateException("a tenant is declared for a transaction; none is active");
        }
    }
}
