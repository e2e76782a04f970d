package dev.inferencemetrics.tenancy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The tenant is declared by the application, not by each service: a service written today, with transactional methods
 * and nothing else, reads exactly the rows of the tenant its arguments name, and none at all when they name none.
 */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TenantDeclarationIT {

    @Autowired
    ApplicationContext context;

    @Autowired
    OwnerJdbc owner;

    NewService service;
    long a;
    long b;

    @BeforeAll
    void aServiceWrittenToday() {
        service = context.getAutowireCapableBeanFactory().createBean(NewService.class);
        service.callInto(context.getAutowireCapableBeanFactory().createBean(NewService.class));
        List<Long> tenants = owner.jdbc()
                .queryForList(
                        "select tenant_id from deployment group by tenant_id order by tenant_id limit 2", Long.class);
        assertThat(tenants).as("the demo world has deployments of two tenants").hasSize(2);
        a = tenants.get(0);
        b = tenants.get(1);
    }

    @Test
    void a_method_taking_the_scope_reads_its_tenants_rows_and_no_others() {
        assertThat(service.tenantsSeen(TenantScope.tenant(a))).containsExactly(a);
        assertThat(service.tenantsSeen(TenantScope.tenant(b))).containsExactly(b);
    }

    @Test
    void a_method_taking_what_a_tenant_owns_reads_that_tenants_rows() {
        TenantOwned ofB = () -> b;

        assertThat(service.tenantsSeenFor(ofB)).containsExactly(b);
    }

    @Test
    void a_method_that_forgets_the_scope_reads_no_tenants_rows() {
        assertThat(service.tenantsSeenWithoutScope()).isEmpty();
        assertThat(owner.jdbc().queryForObject("select count(*) from deployment", Long.class))
                .isPositive();
    }

    @Test
    void a_method_marked_across_tenants_reads_every_tenants_rows() {
        assertThat(service.tenantsSeenAcross()).contains(a, b);
    }

    @Test
    void an_operator_keeps_every_tenant_after_calling_a_method_of_one_tenant() {
        List<List<Long>> seen = service.acrossThenOneThenAcrossAgain(b);

        assertThat(seen.get(0)).contains(a, b);
        assertThat(seen.get(1)).containsExactly(b);
        assertThat(seen.get(2)).isEqualTo(seen.get(0));
    }

    @Test
    void a_method_without_a_scope_that_joins_a_declared_transaction_keeps_its_tenant() {
        assertThat(service.oneThenJoinedWithoutScope(TenantScope.tenant(a))).containsExactly(a);
    }

    @Test
    void a_new_transaction_without_a_scope_sees_nothing_although_its_caller_declared_one() {
        assertThat(service.oneThenNewWithoutScope(TenantScope.tenant(a))).isEmpty();
    }

    /** What any feature's service looks like; it never mentions the database tenant. */
    @Service
    static class NewService {

        private static final String TENANTS = "select distinct tenant_id from deployment order by tenant_id";

        private final JdbcTemplate jdbc;
        private NewService inner;

        NewService(JdbcTemplate jdbc) {
            this.jdbc = jdbc;
            this.inner = this;
        }

        /** Another service this one calls (through its proxy, as a service calls another). */
        public void callInto(NewService other) {
            this.inner = other;
        }

        @Transactional(readOnly = true)
        public List<Long> tenantsSeen(TenantScope scope) {
            return jdbc.queryForList(TENANTS, Long.class);
        }

        @Transactional(readOnly = true)
        public List<Long> tenantsSeenFor(TenantOwned owned) {
            return jdbc.queryForList(TENANTS, Long.class);
        }

        @Transactional(readOnly = true)
        public List<Long> tenantsSeenWithoutScope() {
            return jdbc.queryForList(TENANTS, Long.class);
        }

        @AcrossTenants
        @Transactional(readOnly = true)
        public List<Long> tenantsSeenAcross() {
            return jdbc.queryForList(TENANTS, Long.class);
        }

        @AcrossTenants
        @Transactional(readOnly = true)
        public List<List<Long>> acrossThenOneThenAcrossAgain(long tenant) {
            List<Long> before = jdbc.queryForList(TENANTS, Long.class);
            List<Long> one = inner.tenantsSeen(TenantScope.tenant(tenant));
            return List.of(before, one, jdbc.queryForList(TENANTS, Long.class));
        }

        @Transactional(readOnly = true)
        public List<Long> oneThenJoinedWithoutScope(TenantScope scope) {
            return inner.tenantsSeenWithoutScope();
        }

        @Transactional(readOnly = true)
        public List<Long> oneThenNewWithoutScope(TenantScope scope) {
            return inner.tenantsSeenInANewTransaction();
        }

        @Transactional(readOnly = true, propagation = Propagation.REQUIRES_NEW)
        public List<Long> tenantsSeenInANewTransaction() {
            return jdbc.queryForList(TENANTS, Long.class);
        }
    }
}
