package dev.inferencemetrics.tenancy;

import org.springframework.security.access.AccessDeniedException;

/** Which tenants' data a caller may see: every tenant (operators) or exactly one. */
public sealed interface TenantScope {

    record AllTenants() implements TenantScope {}

    record SingleTenant(long tenantId) implements TenantScope {}

    static TenantScope allTenants() {
        return new AllTenants();
    }

    static TenantScope tenant(long tenantId) {
        return new SingleTenant(tenantId);
    }

    /** Operators see every tenant; nobody else does. */
    default boolean isOperator() {
        return this instanceof AllTenants;
    }

    /**
     * @throws AccessDeniedException with the reason given, unless this is an operator's scope
     */
    default void requireOperator(String reason) {
        if (!isOperator()) {
            throw new AccessDeniedException(reason);
        }
    }

    default boolean includes(long tenantId) {
        return switch (this) {
            case AllTenants all -> true;
            case SingleTenant single -> single.tenantId() == tenantId;
        };
    }
}
