/**
 * Capacity: where a deployment's TTFT tail bends as requests in flight grow (the knee), and how many replicas a TTFT
 * p99 target needs at peak; ui/ has the deployment page's Capacity tab.
 */
@NullMarked
package dev.inferencemetrics.capacity;

import org.jspecify.annotations.NullMarked;
