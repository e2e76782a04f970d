package dev.inferencemetrics.testing;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds a KV-cache reading of one replica as a gateway sends it; {@link #set} and {@link #without} make bad ones. */
public final class KvReadingJson implements SampleJson {

    private final Map<String, Object> fields = new LinkedHashMap<>();

    private KvReadingJson() {}

    public static KvReadingJson reading(String replica, Instant ts, double usagePct) {
        KvReadingJson reading = new KvReadingJson();
        reading.fields.put("ts", ts.toString());
        reading.fields.put("replica", replica);
        reading.fields.put("usagePct", usagePct);
        return reading;
    }

    public KvReadingJson set(String field, Object value) {
        fields.put(field, value);
        return this;
    }

    public KvReadingJson without(String field) {
        fields.remove(field);
        return this;
    }

    @Override
    public Map<String, Object> toJson() {
        return fields;
    }
}
