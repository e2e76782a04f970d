/**
 * Comparison of two deployments, or of one deployment over two periods: each side's summary merged from rollups, the
 * deltas, and whether each delta is larger than the noise.
 */
@NullMarked
package dev.inferencemetrics.compare;

import org.jspecify.annotations.NullMarked;
