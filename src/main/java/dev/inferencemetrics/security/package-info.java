/** Sign-in, users, roles and the signed-in user's identity. */
@NullMarked
package dev.inferencemetrics.security;

import org.jspecify.annotations.NullMarked;
