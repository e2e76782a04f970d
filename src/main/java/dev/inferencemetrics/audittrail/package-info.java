/**
 * The audit trail of other features' changes: each listener turns one feature's events (users, sign-ins, keys,
 * tenants and deployments, scrape targets, trace routing) into rows of the audit log, in the change's transaction.
 * It sits above the features it listens to, so the audit log itself depends on none of them.
 */
@NullMarked
package dev.inferencemetrics.audittrail;

import org.jspecify.annotations.NullMarked;
