/** CSV exports that spreadsheets open safely: RFC 4180 through Apache Commons CSV, text cells kept from running. */
@NullMarked
package dev.inferencemetrics.base.csv;

import org.jspecify.annotations.NullMarked;
