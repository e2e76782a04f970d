package dev.inferencemetrics.tenancy;

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

    default boolean includes(long tenantId) {
        return switch (this) {
            case AllTenants all -> true;
            case SingleTenant single -> single.tenantId() == tenantId;
        };
    }
}
