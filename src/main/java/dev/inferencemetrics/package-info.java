/** Inference Metrics: latency, KV-cache and token-usage dashboard for multi-tenant LLM serving. */
@NullMarked
package dev.inferencemetrics;

import org.jspecify.annotations.NullMarked;
