/** The numeric core: mergeable relative-error latency sketches and their compact storage form. No framework code. */
@NullMarked
package dev.inferencemetrics.rollup.sketch;

import org.jspecify.annotations.NullMarked;
