/** The error-budget cards and burn-down chart on a deployment's Metrics tab. */
@NullMarked
package dev.inferencemetrics.slo.ui;

import org.jspecify.annotations.NullMarked;
