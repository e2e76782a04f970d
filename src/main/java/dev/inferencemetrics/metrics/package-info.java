/** The metrics query: summary cards and per-interval series for a deployment and window, merged from rollups. */
@NullMarked
package dev.inferencemetrics.metrics;

import org.jspecify.annotations.NullMarked;
