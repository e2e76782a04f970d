/** Ingestion: gateways push per-request latency samples and KV-cache gauges; valid samples are stored exactly once. */
@NullMarked
package dev.inferencemetrics.ingest;

import org.jspecify.annotations.NullMarked;
