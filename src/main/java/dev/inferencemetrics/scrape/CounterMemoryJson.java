package dev.inferencemetrics.scrape;

import dev.inferencemetrics.scrape.CounterMemory.Reading;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Counter memory as stored in {@code scrape_target.counter_memory}:
 * {"takenAt":…,"values":{key:[value,created]},"replicas":n}; a memory stored before replicas were counted has none
 * counted.
 */
final class CounterMemoryJson {

    private CounterMemoryJson() {}

    static String write(JsonMapper json, CounterMemory memory) {
        ObjectNode root = json.createObjectNode();
        root.put("takenAt", memory.takenAt().toString());
        root.put("replicas", memory.replicas());
        ObjectNode values = root.putObject("values");
        memory.values().forEach((key, reading) -> {
            var pair = values.putArray(key).add(reading.value());
            if (Double.isNaN(reading.created())) {
                pair.addNull();
            } else {
                pair.add(reading.created());
            }
        });
        return json.writeValueAsString(root);
    }

    static @Nullable CounterMemory read(JsonMapper json, @Nullable String text) {
        if (text == null) {
            return null;
        }
        JsonNode root = json.readTree(text);
        Map<String, Reading> values = new HashMap<>();
        for (var entry : root.get("values").properties()) {
            JsonNode pair = entry.getValue();
            values.put(
                    entry.getKey(),
                    new Reading(
                            pair.get(0).asDouble(),
                            pair.get(1).isNull() ? Double.NaN : pair.get(1).asDouble()));
        }
        JsonNode replicas = root.get("replicas");
        return new CounterMemory(
                Instant.parse(root.get("takenAt").asString()),
                values,
                replicas == null ? 0 : Math.clamp(replicas.asLong(), 0, Integer.MAX_VALUE));
    }
}
