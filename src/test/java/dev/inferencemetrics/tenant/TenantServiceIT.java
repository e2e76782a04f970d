package dev.inferencemetrics.tenant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.TestTenant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.test.context.event.ApplicationEvents;
import org.springframework.test.context.event.RecordApplicationEvents;

@IntegrationTest
@RecordApplicationEvents
class TenantServiceIT {

    static final TenantScope OPERATOR = TenantScope.allTenants();

    @Autowired
    TenantService tenants;

    @Autowired
    ApplicationContext context;

    @Autowired
    UserDetailsService users;

    @Autowired
    ApplicationEvents events;

    TestTenant tenant;
    long operatorId;

    @BeforeEach
    void aTenantOfItsOwn() {
        tenant = TestTenant.create(context, "tenant-service-it");
        operatorId = ((SignedInUser) users.loadUserByUsername("operator")).userId();
    }

    @Test
    void an_operator_renames_a_tenant_and_the_rename_is_announced_with_both_names() {
        String oldName = summary(false).name();

        tenants.rename(OPERATOR, operatorId, tenant.id(), "  Initech Research ");

        assertThat(summary(false).name()).isEqualTo("Initech Research");
        assertThat(events.stream(TenantRenamed.class))
                .containsExactly(new TenantRenamed(operatorId, tenant.id(), oldName, "Initech Research"));
    }

    @Test
    void a_blank_or_over_long_name_is_refused_and_the_name_stays() {
        String oldName = summary(false).name();

        assertThatThrownBy(() -> tenants.rename(OPERATOR, operatorId, tenant.id(), "   "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("A tenant's name takes 1 to 200 characters.");
        assertThatThrownBy(() -> tenants.rename(OPERATOR, operatorId, tenant.id(), "x".repeat(201)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(summary(false).name()).isEqualTo(oldName);
    }

    @Test
    void an_archived_tenant_is_listed_only_when_asked_for_until_it_is_restored() {
        assertThat(tenants.archive(OPERATOR, operatorId, tenant.id())).isTrue();
        assertThat(tenants.archive(OPERATOR, operatorId, tenant.id()))
                .as("already archived")
                .isFalse();

        assertThat(tenants.visibleTo(OPERATOR)).noneMatch(t -> t.id() == tenant.id());
        assertThat(summary(true).archived()).isTrue();
        assertThat(events.stream(TenantArchived.class)).containsExactly(new TenantArchived(operatorId, tenant.id()));

        assertThat(tenants.restore(OPERATOR, operatorId, tenant.id())).isTrue();

        assertThat(summary(false).archived()).isFalse();
        assertThat(events.stream(TenantRestored.class)).containsExactly(new TenantRestored(operatorId, tenant.id()));
    }

    @Test
    void tenant_users_may_not_rename_archive_or_restore_their_own_tenant() {
        TenantScope own = TenantScope.tenant(tenant.id());

        assertThatThrownBy(() -> tenants.rename(own, operatorId, tenant.id(), "Mine now"))
                .isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> tenants.archive(own, operatorId, tenant.id()))
                .isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> tenants.restore(own, operatorId, tenant.id()))
                .isInstanceOf(AccessDeniedException.class);
        assertThat(summary(false).archived()).isFalse();
        assertThat(events.stream(TenantRenamed.class)).isEmpty();
    }

    @Test
    void a_page_of_tenants_is_narrowed_by_name_or_slug_and_a_tenants_own_scope_sees_only_itself() {
        assertThat(tenants.page(OPERATOR, tenant.slug().toUpperCase(), false, 0, 10))
                .extracting(TenantSummary::id)
                .containsExactly(tenant.id());
        assertThat(tenants.count(OPERATOR, tenant.slug(), false)).isEqualTo(1);
        assertThat(tenants.page(OPERATOR, summary(false).name(), false, 0, 500))
                .extracting(TenantSummary::id)
                .contains(tenant.id());
        assertThat(tenants.page(TenantScope.tenant(tenant.id()), "", true, 0, 10))
                .extracting(TenantSummary::id)
                .containsExactly(tenant.id());
        assertThat(tenants.count(TenantScope.tenant(tenant.id()), "", true)).isEqualTo(1);

        tenants.archive(OPERATOR, operatorId, tenant.id());

        assertThat(tenants.count(OPERATOR, tenant.slug(), false)).isZero();
        assertThat(tenants.page(OPERATOR, tenant.slug(), true, 0, 10))
                .singleElement()
                .satisfies(archived -> assertThat(archived.archived()).isTrue());
    }

    private TenantSummary summary(boolean includeArchived) {
        return tenants.visibleTo(OPERATOR, includeArchived).stream()
                .filter(t -> t.id() == tenant.id())
                .findFirst()
                .orElseThrow();
    }
}
