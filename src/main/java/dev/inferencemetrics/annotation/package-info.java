/** Annotations: marked moments or ranges on a deployment ("vLLM 0.11 rolled out"), drawn on every chart. */
@NullMarked
package dev.inferencemetrics.annotation;

import org.jspecify.annotations.NullMarked;
