package dev.inferencemetrics.deployment;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface DeploymentRepository extends JpaRepository<Deployment, Long> {

    boolean existsBySlug(String slug);

    Optional<Deployment> findBySlug(String slug);

    @Query("""
            select new dev.inferencemetrics.deployment.DeploymentListItem(
                d.slug, d.displayName, t.name, d.model, d.engine, d.region, coalesce(d.archivedAt, t.archivedAt))
            from Deployment d join dev.inferencemetrics.tenant.Tenant t on t.id = d.tenantId
            where :includeArchived = true or (d.archivedAt is null and t.archivedAt is null)
            order by t.name, d.displayName""")
    List<DeploymentListItem> listAll(boolean includeArchived);

    @Query("""
            select new dev.inferencemetrics.deployment.DeploymentListItem(
                d.slug, d.displayName, t.name, d.model, d.engine, d.region, coalesce(d.archivedAt, t.archivedAt))
            from Deployment d join dev.inferencemetrics.tenant.Tenant t on t.id = d.tenantId
            where d.tenantId = :tenantId
              and (:includeArchived = true or (d.archivedAt is null and t.archivedAt is null))
            order by d.displayName""")
    List<DeploymentListItem> listForTenant(long tenantId, boolean includeArchived);
}
