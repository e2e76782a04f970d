/** Components for pages that work on one tenant at a time. */
@NullMarked
package dev.inferencemetrics.tenant.ui;

import org.jspecify.annotations.NullMarked;
