/** The Prometheus text format 0.0.4 and OpenMetrics 1.0, read into samples; no framework, no I/O. */
@NullMarked
package dev.inferencemetrics.scrape.exposition;

import org.jspecify.annotations.NullMarked;
