package dev.inferencemetrics.ingest;

import java.util.List;
import tools.jackson.databind.JsonNode;

/** An ingest call's body: the deployment's slug and the samples, each still JSON until validated. */
record IngestBody(String deployment, List<JsonNode> samples) {}
