/** Cross-cutting infrastructure: clock, application shell and main layout. */
@NullMarked
package dev.inferencemetrics.base;

import org.jspecify.annotations.NullMarked;
