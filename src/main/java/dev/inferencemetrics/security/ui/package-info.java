/** The login page, the Users page of tenant admins and operators, and the picker operators choose a tenant with. */
@NullMarked
package dev.inferencemetrics.security.ui;

import org.jspecify.annotations.NullMarked;
