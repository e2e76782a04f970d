/**
 * The audit log: who did what, from where, for operators to read. Features write to it through {@link
 * dev.inferencemetrics.audit.AuditLog}; it depends on none of them (the listeners that turn their events into rows
 * live in {@code audittrail}).
 */
@NullMarked
package dev.inferencemetrics.audit;

import org.jspecify.annotations.NullMarked;
