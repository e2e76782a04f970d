package dev.inferencemetrics.tenant;

import dev.inferencemetrics.security.TenantScope;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class TenantService {

    private final TenantRepository tenants;
    private final Clock clock;

    TenantService(TenantRepository tenants, Clock clock) {
        this.tenants = tenants;
        this.clock = clock;
    }

    /** The tenants a scope covers, by name. */
    @Transactional(readOnly = true)
    public List<TenantSummary> visibleTo(TenantScope scope) {
        return tenants.findAll(Sort.by("name")).stream()
                .filter(tenant -> scope.includes(Objects.requireNonNull(tenant.getId())))
                .map(tenant ->
                        new TenantSummary(Objects.requireNonNull(tenant.getId()), tenant.getSlug(), tenant.getName()))
                .toList();
    }

    /** Returns the id of the tenant with this slug, creating it first if there is none. */
    @Transactional
    public long createIfAbsent(String slug, String name) {
        Tenant tenant = tenants.findBySlug(slug).orElseGet(() -> tenants.save(new Tenant(slug, name, clock.instant())));
        return Objects.requireNonNull(tenant.getId());
    }
}
