/**
 * The tenancy core every feature stands on: whose rows a call may touch ({@link TenantScope}, {@link Caller}) and its
 * declaration to PostgreSQL, whose row-level security then enforces it ({@link DatabaseTenant},
 * {@link TenantTransactions}). It depends on no other package of the application.
 */
@NullMarked
package dev.inferencemetrics.tenancy;

import org.jspecify.annotations.NullMarked;
