/** The login page and the Users page of tenant admins and operators. */
@NullMarked
package dev.inferencemetrics.security.ui;

import org.jspecify.annotations.NullMarked;
