/** The deployment page's Capacity tab: TTFT against requests in flight, the knee, and replica sizing. */
@NullMarked
package dev.inferencemetrics.capacity.ui;

import org.jspecify.annotations.NullMarked;
