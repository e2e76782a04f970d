/**
 * OTLP trace receiver, over HTTP and over gRPC (port 4317): request spans of vLLM and instrumented gateways become
 * request samples.
 */
@NullMarked
package dev.inferencemetrics.otlp;

import org.jspecify.annotations.NullMarked;
