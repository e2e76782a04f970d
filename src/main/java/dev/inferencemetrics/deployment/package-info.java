/** Model deployments: what is served, where, with which SLOs and prices. */
@NullMarked
package dev.inferencemetrics.deployment;

import org.jspecify.annotations.NullMarked;
