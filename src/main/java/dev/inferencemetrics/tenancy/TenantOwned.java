package dev.inferencemetrics.tenancy;

/**
 * Something that belongs to one tenant, such as a resolved deployment. Passed to a transactional method, it declares
 * that tenant for the method's transaction when no {@link TenantScope} or {@link Caller} comes before it.
 */
public interface TenantOwned {

    long tenantId();
}
