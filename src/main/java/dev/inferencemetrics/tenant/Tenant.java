package dev.inferencemetrics.tenant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** A customer organisation; everything it owns carries its id. */
@Entity
@Table(name = "tenant")
public class Tenant {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private @Nullable Long id;

    @Column(nullable = false, unique = true, updatable = false)
    private String slug;

    @Column(nullable = false)
    private String name;

    @Column(name = "created_at", nullable = false, updatable = false)
    private Instant createdAt;

    @Column(name = "archived_at")
    private @Nullable Instant archivedAt;

    protected Tenant() {
        this.slug = "";
        this.name = "";
        this.createdAt = Instant.EPOCH;
    }

    public Tenant(String slug, String name, Instant createdAt) {
        this.slug = slug;
        this.name = name;
        this.createdAt = createdAt;
    }

    public @Nullable Long getId() {
        return id;
    }

    public String getSlug() {
        return slug;
    }

    public String getName() {
        return name;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public @Nullable Instant getArchivedAt() {
        return archivedAt;
    }

    void rename(String name) {
        this.name = name;
    }

    void archive(Instant at) {
        this.archivedAt = at;
    }

    void restore() {
        this.archivedAt = null;
    }
}
