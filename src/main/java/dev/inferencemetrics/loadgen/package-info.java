/** A load generator that drives the ingest API as a gateway would: {@code java -jar … load --help}. */
@NullMarked
package dev.inferencemetrics.loadgen;

import org.jspecify.annotations.NullMarked;
