package dev.inferencemetrics.tenant;

import java.time.Clock;
import java.util.Objects;
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

    /** Returns the id of the tenant with this slug, creating it first if there is none. */
    @Transactional
    public long createIfAbsent(String slug, String name) {
        Tenant tenant = tenants.findBySlug(slug).orElseGet(() -> tenants.save(new Tenant(slug, name, clock.instant())));
        return Objects.requireNonNull(tenant.getId());
    }
}
