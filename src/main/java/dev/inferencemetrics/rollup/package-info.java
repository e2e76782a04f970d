/** Rollups: per-deployment aggregates at one-minute and thirty-minute resolution that every dashboard read merges. */
@NullMarked
package dev.inferencemetrics.rollup;

import org.jspecify.annotations.NullMarked;
