/** How numbers are written on every page, table, tooltip and export: one rule per kind of number, held as data. */
@NullMarked
package dev.inferencemetrics.base.format;

import org.jspecify.annotations.NullMarked;
