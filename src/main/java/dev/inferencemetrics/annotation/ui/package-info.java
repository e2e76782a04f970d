/** Annotations on the Metrics tab: markers on every chart, and the dialog that adds one. */
@NullMarked
package dev.inferencemetrics.annotation.ui;

import org.jspecify.annotations.NullMarked;
