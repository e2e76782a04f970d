package dev.inferencemetrics.deployment;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface DeploymentRepository extends JpaRepository<Deployment, Long> {

    boolean existsBySlug(String slug);

    @Query("""
            select new dev.inferencemetrics.deployment.DeploymentListItem(
                d.slug, d.displayName, t.name, d.model, d.engine, d.region)
            from Deployment d join dev.inferencemetrics.tenant.Tenant t on t.id = d.tenantId
            order by t.name, d.displayName""")
    List<DeploymentListItem> listAll();

    @Query("""
            select new dev.inferencemetrics.deployment.DeploymentListItem(
                d.slug, d.displayName, t.name, d.model, d.engine, d.region)
            from Deployment d join dev.inferencemetrics.tenant.Tenant t on t.id = d.tenantId
            where d.tenantId = :tenantId
            order by d.displayName""")
    List<DeploymentListItem> listForTenant(long tenantId);
}
