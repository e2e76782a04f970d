/** The HTTP API's shared plumbing: its security filter chain, problem answers and caller resolution. */
@NullMarked
package dev.inferencemetrics.api;

import org.jspecify.annotations.NullMarked;
