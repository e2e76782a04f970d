/** Database resolution: a configured PostgreSQL, or an embedded one that keeps its data on disk. */
@NullMarked
package dev.inferencemetrics.database;

import org.jspecify.annotations.NullMarked;
