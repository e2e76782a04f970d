/** The Compare page: two sides' summaries, their deltas and overlaid latency charts, all set by the URL. */
@NullMarked
package dev.inferencemetrics.compare.ui;

import org.jspecify.annotations.NullMarked;
