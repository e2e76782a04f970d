/** The error-budget cards and burn-down chart on a deployment's Metrics tab, and the form that edits objectives. */
@NullMarked
package dev.inferencemetrics.slo.ui;

import org.jspecify.annotations.NullMarked;
