package dev.inferencemetrics.ingest;

import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.SampleJson;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/** Batches numbered 0…n−1 whose bodies never change, so a resend is byte for byte the first send. */
final class NumberedBatches {

    private final List<byte[]> bodies = new ArrayList<>();
    private final List<List<String>> requestIds = new ArrayList<>();

    NumberedBatches(String deployment, int count, int samplesPerBatch, Instant firstTimestamp) {
        JsonMapper json = JsonMapper.builder().build();
        for (int batch = 0; batch < count; batch++) {
            List<String> ids = new ArrayList<>();
            List<Map<String, Object>> samples = new ArrayList<>();
            for (int sample = 0; sample < samplesPerBatch; sample++) {
                String id = "batch-" + batch + "-sample-" + sample;
                ids.add(id);
                SampleJson one = RequestSampleJson.ok(id, firstTimestamp.plusMillis(batch * 1_000L + sample * 10L))
                        .ttft(50 + sample)
                        .e2e(1_000 + batch);
                samples.add(one.toJson());
            }
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("deployment", deployment);
            body.put("samples", samples);
            bodies.add(json.writeValueAsBytes(body));
            requestIds.add(List.copyOf(ids));
        }
    }

    byte[] body(int batch) {
        return bodies.get(batch);
    }

    List<String> requestIds(int batch) {
        return requestIds.get(batch);
    }
}
