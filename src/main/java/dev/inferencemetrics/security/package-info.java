/** Sign-in, users, roles, the signed-in user's identity, and the audit of operators' access to other tenants. */
@NullMarked
package dev.inferencemetrics.security;

import org.jspecify.annotations.NullMarked;
