package dev.inferencemetrics.tenancy;

/** Whoever calls the HTTP API: a signed-in person or an API client. Either way, the tenant comes from here. */
public interface Caller {

    TenantScope scope();
}
