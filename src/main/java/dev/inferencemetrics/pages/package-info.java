/**
 * The top floor: the shell around every page and the pages that compose several features. They reach features only
 * through the features' services and plug-in interfaces; no feature depends on them.
 */
@NullMarked
package dev.inferencemetrics.pages;

import org.jspecify.annotations.NullMarked;
