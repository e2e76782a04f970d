/** Choosing one deployment among a fleet of any size, for every page that asks for one. */
@NullMarked
package dev.inferencemetrics.deployment.ui.picker;

import org.jspecify.annotations.NullMarked;
