/** Imports of benchmark results (LLMPerf, vLLM bench) as a deployment's request samples. */
@NullMarked
package dev.inferencemetrics.imports;

import org.jspecify.annotations.NullMarked;
