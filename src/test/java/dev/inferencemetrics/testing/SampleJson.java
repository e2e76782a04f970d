package dev.inferencemetrics.testing;

import java.util.Map;

/** One element of an ingest batch's {@code samples}, as the JSON object a gateway sends. */
public interface SampleJson {

    Map<String, Object> toJson();
}
