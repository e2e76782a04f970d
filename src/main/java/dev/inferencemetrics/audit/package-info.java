/** The audit log: security-relevant events (sign-ins, keys, users, operators' cross-tenant access) for operators. */
@NullMarked
package dev.inferencemetrics.audit;

import org.jspecify.annotations.NullMarked;
