/** The Usage page: totals, per-deployment and per-day tables, a daily chart and the downloads. */
@NullMarked
package dev.inferencemetrics.billing.ui;

import org.jspecify.annotations.NullMarked;
