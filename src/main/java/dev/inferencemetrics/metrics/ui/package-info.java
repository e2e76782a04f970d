/** The fleet overview: every deployment the caller may see, a card or a row each, with its latency trend. */
@NullMarked
package dev.inferencemetrics.metrics.ui;

import org.jspecify.annotations.NullMarked;
