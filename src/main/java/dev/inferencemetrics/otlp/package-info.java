/** OTLP/HTTP trace receiver: request spans of vLLM and instrumented gateways become request samples. */
@NullMarked
package dev.inferencemetrics.otlp;

import org.jspecify.annotations.NullMarked;
