package dev.inferencemetrics.tenancy;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a transactional method that works on every tenant's rows, or on rows of no tenant, without a caller's scope:
 * scheduled jobs, sign-in, seeding, the audit log's own writes. Its transaction is declared for all tenants. Every
 * other transactional method takes the scope it works in as an argument ({@link TenantScope}, {@link Caller},
 * {@link TenantOwned}); {@code ArchitectureTest} finds one that does neither.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface AcrossTenants {}
