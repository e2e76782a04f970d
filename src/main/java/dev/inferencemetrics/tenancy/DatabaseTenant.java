package dev.inferencemetrics.tenancy;

import org.springframework.jdbc.core.JdbcTemplate;
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
            "select set_config('app.tenant_id', ?, true), set_config('app.all_tenants', ?, true)";

    private final JdbcTemplate jdbc;

    public DatabaseTenant(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * @throws IllegalStateException outside a transaction, where the declaration would end with the statement
     */
    public void declare(TenantScope scope) {
        requireTransaction();
        switch (scope) {
            case TenantScope.AllTenants all -> jdbc.queryForList(DECLARE, "", "on");
            case TenantScope.SingleTenant single -> jdbc.queryForList(DECLARE, Long.toString(single.tenantId()), "off");
        }
    }

    /** Takes the declaration back: the rest of the transaction sees no tenant's rows, as before any declaration. */
    void withdraw() {
        requireTransaction();
        jdbc.queryForList(DECLARE, "", "off");
    }

    private static void requireTransaction() {
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalStateException("a tenant is declared for a transaction; none is active");
        }
    }
}
