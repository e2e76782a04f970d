/** Leases in PostgreSQL that let one application instance at a time run a named scheduled job. */
@NullMarked
package dev.inferencemetrics.lease;

import org.jspecify.annotations.NullMarked;
