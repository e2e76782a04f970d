/** The operators' audit log page. */
@NullMarked
package dev.inferencemetrics.audit.ui;

import org.jspecify.annotations.NullMarked;
