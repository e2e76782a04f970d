/**
 * Signals an autoscaler can act on, per deployment: TTFT and ITL p99 of the last five whole minutes, the TTFT
 * objective's burn rate, requests waiting and running per replica, mean concurrency — as JSON for KEDA's metrics-api
 * scaler and as Prometheus text for its prometheus scaler.
 */
@NullMarked
package dev.inferencemetrics.autoscale;

import org.jspecify.annotations.NullMarked;
