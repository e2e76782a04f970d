/** Tenants: the customer organisations that share one installation. */
@NullMarked
package dev.inferencemetrics.tenant;

import org.jspecify.annotations.NullMarked;
