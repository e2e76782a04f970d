package dev.inferencemetrics.ingest;

import dev.inferencemetrics.deployment.DeploymentArchivedException;
import dev.inferencemetrics.deployment.DeploymentGoodputs;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.rollup.DeploymentRollup;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.rollup.KvRollupStore;
import dev.inferencemetrics.rollup.RequestOutcome;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.Caller;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.JsonNode;

/**
 * Stores batches of samples for one deployment. Raw rows and rollups are written in one transaction, so when a
 * call returns the samples are committed and counted exactly once; a resent sample is recognised and skipped. An
 * archived deployment (or one of an archived tenant) is refused before anything is read or stored.
 */
@Service
@EnableConfigurationProperties({IngestLimits.class, RetentionProperties.class})
public class IngestService {

    private final DeploymentService deployments;
    private final DeploymentGoodputs goodputs;
    private final RequestSampleStore requestSamples;
    private final KvSampleStore kvSamples;
    private final RequestRollupStore requestRollups;
    private final KvRollupStore kvRollups;
    private final DimensionBatchStore dimensionBatches;
    private final HeldDimensionBatches heldBatches;
    private final DimensionCodes dimensionCodes;
    private final IngestLimits limits;
    private final RetentionProperties retention;
    private final Clock clock;

    IngestService(
            DeploymentService deployments,
            DeploymentGoodputs goodputs,
            RequestSampleStore requestSamples,
            KvSampleStore kvSamples,
            RequestRollupStore requestRollups,
            KvRollupStore kvRollups,
            DimensionBatchStore dimensionBatches,
            HeldDimensionBatches heldBatches,
            DimensionCodes dimensionCodes,
            IngestLimits limits,
            RetentionProperties retention,
            Clock clock) {
        this.deployments = deployments;
        this.goodputs = goodputs;
        this.requestSamples = requestSamples;
        this.kvSamples = kvSamples;
        this.requestRollups = requestRollups;
        this.kvRollups = kvRollups;
        this.dimensionBatches = dimensionBatches;
        this.heldBatches = heldBatches;
        this.dimensionCodes = dimensionCodes;
        this.limits = limits;
        this.retention = retention;
        this.clock = clock;
    }

    public IngestLimits limits() {
        return limits;
    }

    /** Validates each JSON sample, stores the valid ones and reports the rest with reasons. */
    @Transactional
    public IngestResult ingestRequests(Caller caller, String deploymentSlug, List<JsonNode> samples) {
        DeploymentRef deployment = deployments.requireActive(caller.scope(), deploymentSlug);
        Validated<RequestSample> batch = validate(samples, reader()::requestSample);
        return batch.result(store(deployment, batch.valid()).size());
    }

    /**
     * Stores request samples that another source (OTLP spans, benchmark files) built, for a deployment that source
     * resolved; each is checked by the rules of the JSON API, and a rejection's index is its position in the list.
     */
    @Transactional
    public IngestResult ingestBuilt(DeploymentRef deployment, List<RequestSample> samples) {
        if (!deployment.active()) {
            throw new DeploymentArchivedException(deployment.slug());
        }
        SampleReader reader = reader();
        Validated<RequestSample> batch = validate(samples, reader::checked);
        return batch.result(store(deployment, batch.valid()).size());
    }

    /**
     * Inserts the samples not stored before and folds just those into every resolution's rollups. The dimension
     * rollups are left to {@link DimensionDeltaFold}: a batch whose samples name a consumer, adapter or priority
     * stores one row saying so, and its samples carry that row's id. Once the transaction has committed, and only
     * then, the batch's samples that name a value are {@linkplain HeldDimensionBatches held} for this instance's fold
     * to count without reading them back.
     */
    private List<RequestSample> store(DeploymentRef deployment, List<RequestSample> valid) {
        if (valid.isEmpty()) {
            return valid;
        }
        GoodputSlo goodput = goodputs.lockForCounting(deployment);
        @Nullable Long dimensionBatch = dimensionBatch(deployment, valid, goodput);
        Map<Dimension, Map<String, Short>> codes =
                dimensionBatch == null ? Map.of() : dimensionCodes.of(deployment.tenantId(), deployment.id(), valid);
        List<RequestSample> stored = requestSamples.insertNew(
                deployment.tenantId(), deployment.id(), valid, clock.instant(), dimensionBatch, codes);
        RequestOutcome[] outcomes = RollupDeltas.outcomes(stored, goodput);
        for (Resolution resolution : Resolution.values()) {
            requestRollups.add(
                    deployment.tenantId(),
                    deployment.id(),
                    resolution,
                    RollupDeltas.ofRequests(stored, outcomes, resolution));
        }
        if (dimensionBatch != null) {
            holdOnCommit(heldBatch(deployment, dimensionBatch, stored, outcomes));
        }
        return stored;
    }

    /** The stored samples of the batch that name a value, with their outcomes. */
    private static HeldDimensionBatch heldBatch(
            DeploymentRef deployment, long id, List<RequestSample> stored, RequestOutcome[] outcomes) {
        List<RequestSample> named = new ArrayList<>();
        List<RequestOutcome> namedOutcomes = new ArrayList<>();
        for (int i = 0; i < stored.size(); i++) {
            if (stored.get(i).hasDimensions()) {
                named.add(stored.get(i));
                namedOutcomes.add(outcomes[i]);
            }
        }
        return new HeldDimensionBatch(deployment.tenantId(), deployment.id(), id, named, namedOutcomes);
    }

    /**
     * Holds the batch once the transaction that stores it has committed: a batch rolled back never reaches the fold,
     * and one committed is in {@code dimension_batch} before it is held, for the fold to delete as it counts it.
     */
    private void holdOnCommit(HeldDimensionBatch batch) {
        AfterCommit.run(() -> heldBatches.hold(batch));
    }

    /** The id of the batch's row for the dimension fold, if any sample names a value; null (and no row) otherwise. */
    private @Nullable Long dimensionBatch(DeploymentRef deployment, List<RequestSample> valid, GoodputSlo goodput) {
        Instant first = null;
        Instant last = null;
        for (RequestSample sample : valid) {
            if (sample.hasDimensions()) {
                first = first == null || sample.ts().isBefore(first) ? sample.ts() : first;
                last = last == null || sample.ts().isAfter(last) ? sample.ts() : last;
            }
        }
        if (first == null || last == null) {
            return null;
        }
        return dimensionBatches.open(deployment.tenantId(), deployment.id(), first, last, goodput);
    }

    @Transactional
    public IngestResult ingestKvCache(Caller caller, String deploymentSlug, List<JsonNode> samples) {
        DeploymentRef deployment = deployments.requireActive(caller.scope(), deploymentSlug);
        Validated<KvSample> batch = validate(samples, reader()::kvSample);
        List<KvSample> stored = kvSamples.insertNew(deployment.tenantId(), deployment.id(), batch.valid());
        storeKvRollups(deployment.tenantId(), stored.isEmpty() ? Map.of() : Map.of(deployment.id(), stored));
        return batch.result(stored.size());
    }

    /**
     * Stores KV-cache readings the scrapes of a poll round took, of any deployments of one tenant, by deployment id;
     * the scraper has checked them already and calls this inside its own transaction, which has declared the tenant.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public int storeScrapedKvCache(long tenantId, Map<Long, List<KvSample>> readings) {
        Map<Long, List<KvSample>> stored = kvSamples.insertNew(tenantId, readings);
        storeKvRollups(tenantId, stored);
        return stored.values().stream().mapToInt(List::size).sum();
    }

    /**
     * Folds newly stored readings into the rollups, with the time each covers and the change they make to the cover
     * of the readings stored just before them.
     */
    private void storeKvRollups(long tenantId, Map<Long, List<KvSample>> stored) {
        if (stored.isEmpty()) {
            return;
        }
        Map<Long, List<KvSample>> around = kvSamples.around(tenantId, stored, KvCoverage.REACH);
        List<DeploymentRollup<KvRollup>> deltas = new ArrayList<>();
        stored.forEach((deploymentId, samples) -> {
            for (Resolution resolution : Resolution.values()) {
                RollupDeltas.ofKv(samples, around.getOrDefault(deploymentId, List.of()), resolution)
                        .forEach(delta -> deltas.add(new DeploymentRollup<>(deploymentId, resolution, delta)));
            }
        });
        kvRollups.add(tenantId, deltas);
    }

    /** The oldest sample timestamp ingestion accepts: older days may already be dropped. */
    public Instant oldestAccepted() {
        return clock.instant().minus(retention.rawSamples());
    }

    private SampleReader reader() {
        return new SampleReader(limits, clock.instant(), oldestAccepted());
    }

    private static <S, T> Validated<T> validate(List<S> samples, Function<S, T> read) {
        List<T> valid = new ArrayList<>(samples.size());
        List<Rejection> rejections = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            try {
                valid.add(read.apply(samples.get(i)));
            } catch (InvalidSample e) {
                rejections.add(new Rejection(i, e.getMessage()));
            }
        }
        return new Validated<>(valid, rejections);
    }

    private record Validated<T>(List<T> valid, List<Rejection> rejections) {
        IngestResult result(int newlyStored) {
            return new IngestResult(valid.size(), rejections.size(), valid.size() - newlyStored, rejections);
        }
    }
}
