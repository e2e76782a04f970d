/**
 * Cross-cutting infrastructure every feature stands on (clock, error ids, formats, CSV, charts, error pages); it uses
 * no package of ours.
 */
@NullMarked
package dev.inferencemetrics.base;

import org.jspecify.annotations.NullMarked;
