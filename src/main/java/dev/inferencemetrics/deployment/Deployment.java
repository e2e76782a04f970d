package dev.inferencemetrics.deployment;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** A model served for one tenant, with its latency SLOs; its prices have a history, kept by billing. */
@Entity
@Table(name = "deployment")
public class Deployment {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private @Nullable Long id;

    @Column(name = "tenant_id", nullable = false, updatable = false)
    private long tenantId;

    @Column(nullable = false, unique = true, updatable = false)
    private String slug;

    @Column(name = "display_name", nullable = false)
    private String displayName;

    @Column(nullable = false)
    private String model;

    @Column(nullable = false)
    private String engine;

    @Column(nullable = false)
    private String region;

    @Column(name = "created_at", nullable = false, updatable = false)
    private Instant createdAt;

    @Column(name = "slo_ttft_p95_ms", nullable = false)
    private BigDecimal sloTtftP95Ms;

    @Column(name = "slo_itl_p95_ms", nullable = false)
    private BigDecimal sloItlP95Ms;

    @Column(name = "slo_error_rate_pct", nullable = false)
    private BigDecimal sloErrorRatePct;

    @Column(name = "archived_at")
    private @Nullable Instant archivedAt;

    protected Deployment() {
        this(new DeploymentDefinition(0, "", "", "", "", ""), Instant.EPOCH);
    }

    public Deployment(DeploymentDefinition definition, Instant createdAt) {
        this.tenantId = definition.tenantId();
        this.slug = definition.slug();
        this.displayName = definition.displayName();
        this.model = definition.model();
        this.engine = definition.engine();
        this.region = definition.region();
        this.createdAt = createdAt;
        this.sloTtftP95Ms = definition.sloTtftP95Ms();
        this.sloItlP95Ms = definition.sloItlP95Ms();
        this.sloErrorRatePct = definition.sloErrorRatePct();
    }

    public @Nullable Long getId() {
        return id;
    }

    public long getTenantId() {
        return tenantId;
    }

    public String getSlug() {
        return slug;
    }

    public String getDisplayName() {
        return displayName;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public BigDecimal getSloTtftP95Ms() {
        return sloTtftP95Ms;
    }

    public BigDecimal getSloItlP95Ms() {
        return sloItlP95Ms;
    }

    public @Nullable Instant getArchivedAt() {
        return archivedAt;
    }

    /** Applies changes that {@link DeploymentChanges#problem()} found nothing wrong with. */
    void apply(DeploymentChanges changes) {
        displayName = changes.displayName();
        model = changes.model();
        engine = changes.engine();
        region = changes.region();
        sloTtftP95Ms = Objects.requireNonNull(changes.sloTtftP95Ms());
        sloItlP95Ms = Objects.requireNonNull(changes.sloItlP95Ms());
        sloErrorRatePct = Objects.requireNonNull(changes.sloErrorRatePct());
    }

    DeploymentChanges currentSettings() {
        return new DeploymentChanges(displayName, model, engine, region, sloTtftP95Ms, sloItlP95Ms, sloErrorRatePct);
    }

    void archive(Instant at) {
        archivedAt = at;
    }

    void restore() {
        archivedAt = null;
    }
}
