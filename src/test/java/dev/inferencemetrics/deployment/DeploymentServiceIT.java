package dev.inferencemetrics.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.inferencemetrics.billing.PriceService;
import dev.inferencemetrics.billing.TokenPrice;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.TestTenant;
import java.math.BigDecimal;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.test.context.event.ApplicationEvents;
import org.springframework.test.context.event.RecordApplicationEvents;

@IntegrationTest
@RecordApplicationEvents
class DeploymentServiceIT {

    static final TenantScope OPERATOR = TenantScope.allTenants();

    @Autowired
    DeploymentService deployments;

    @Autowired
    PriceService prices;

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
        tenant = TestTenant.create(context, "deployment-service-it");
        operatorId = ((SignedInUser) users.loadUserByUsername("operator")).userId();
    }

    @Test
    void a_deployment_is_found_by_slug_with_its_owner_and_slos() {
        DeploymentRef ref = deployments.require(TenantScope.allTenants(), "llama-3-1-70b");

        assertThat(ref.slug()).isEqualTo("llama-3-1-70b");
        assertThat(ref.model()).isEqualTo("meta-llama/Llama-3.1-70B-Instruct");
        assertThat(ref.engine()).isEqualTo("vLLM");
        assertThat(ref.sloTtftP95Ms()).isEqualByComparingTo(new BigDecimal("400"));
        assertThat(ref.sloItlP95Ms()).isEqualByComparingTo(new BigDecimal("60"));
        assertThat(deployments.require(TenantScope.tenant(ref.tenantId()), "llama-3-1-70b"))
                .isEqualTo(ref);
    }

    @Test
    void another_tenants_deployment_is_refused_and_an_unknown_one_is_not_found() {
        long acme = deployments.require(TenantScope.allTenants(), "sandbox").tenantId();

        assertThatThrownBy(() -> deployments.require(TenantScope.tenant(acme), "deepseek-v3-sglang"))
                .isInstanceOf(ForeignDeploymentException.class);
        assertThatThrownBy(() -> deployments.require(TenantScope.allTenants(), "no-such-deployment"))
                .isInstanceOf(DeploymentNotFoundException.class);
    }

    @Test
    void an_operator_changes_name_model_engine_region_and_slos_and_the_change_is_announced() {
        String slug = tenant.deployment("edited");
        DeploymentRef before = deployments.require(OPERATOR, slug);
        TokenPrice priceBefore = prices.current(OPERATOR, slug);

        deployments.edit(
                OPERATOR,
                operatorId,
                slug,
                new DeploymentChanges(
                        "  Qwen3 Coder (prod) ",
                        "Qwen/Qwen3-Coder-480B",
                        "SGLang",
                        "us-east-1",
                        new BigDecimal("320.5"),
                        new BigDecimal("45"),
                        new BigDecimal("2.5")));

        DeploymentRef after = deployments.require(OPERATOR, slug);
        assertThat(after.displayName()).isEqualTo("Qwen3 Coder (prod)");
        assertThat(after.model()).isEqualTo("Qwen/Qwen3-Coder-480B");
        assertThat(after.engine()).isEqualTo("SGLang");
        assertThat(after.region()).isEqualTo("us-east-1");
        assertThat(after.sloTtftP95Ms()).isEqualByComparingTo("320.5");
        assertThat(after.sloItlP95Ms()).isEqualByComparingTo("45");
        assertThat(after.sloErrorRatePct()).isEqualByComparingTo("2.5");
        assertThat(prices.current(OPERATOR, slug)).isEqualTo(priceBefore);
        assertThat(events.stream(DeploymentEdited.class)).singleElement().satisfies(edited -> {
            assertThat(edited.actorUserId()).isEqualTo(operatorId);
            assertThat(edited.deploymentId()).isEqualTo(before.id());
            assertThat(edited.tenantId()).isEqualTo(tenant.id());
            assertThat(edited.before().sloTtftP95Ms()).isEqualByComparingTo("500");
            assertThat(edited.after().sloTtftP95Ms()).isEqualByComparingTo("320.5");
            assertThat(edited.before().sloErrorRatePct()).isEqualByComparingTo("1");
            assertThat(edited.after().sloErrorRatePct()).isEqualByComparingTo("2.5");
        });
    }

    @Test
    void saving_unchanged_settings_changes_nothing_and_announces_nothing() {
        String slug = tenant.deployment("unchanged");

        deployments.edit(OPERATOR, operatorId, slug, DeploymentChanges.of(deployments.require(OPERATOR, slug)));

        assertThat(events.stream(DeploymentEdited.class)).isEmpty();
    }

    @ParameterizedTest(name = "{0} is refused: {2}")
    @MethodSource("invalidChanges")
    void invalid_changes_are_refused_with_a_reason_and_change_nothing(
            String what, UnaryOperator<DeploymentChanges> breakIt, String reason) {
        String slug = tenant.deployment("invalid");
        DeploymentRef before = deployments.require(OPERATOR, slug);

        assertThatThrownBy(
                        () -> deployments.edit(OPERATOR, operatorId, slug, breakIt.apply(DeploymentChanges.of(before))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(reason);
        assertThat(deployments.require(OPERATOR, slug)).isEqualTo(before);
        assertThat(events.stream(DeploymentEdited.class)).isEmpty();
    }

    static Stream<Arguments> invalidChanges() {
        return Stream.of(
                arguments(
                        "a zero TTFT SLO", slos("0", "50"), "SLO: TTFT p95 must be a positive number of milliseconds."),
                arguments(
                        "a negative ITL SLO",
                        slos("400", "-5"),
                        "SLO: ITL p95 must be a positive number of milliseconds."),
                arguments("an empty TTFT SLO", slos(null, "50"), "SLO: TTFT p95 is required, in milliseconds."),
                arguments(
                        "an SLO finer than a microsecond",
                        slos("0.0004", "50"),
                        "SLO: TTFT p95 takes at most 3 decimals (whole microseconds)."),
                arguments(
                        "an SLO of a billion ms",
                        slos("1000000000", "50"),
                        "SLO: TTFT p95 must be below 1,000,000,000 ms."),
                arguments("an empty error-rate SLO", errorRate(null), "SLO: error rate is required, in percent."),
                arguments(
                        "a zero error-rate SLO",
                        errorRate("0"),
                        "SLO: error rate must be above 0 % and at most 100 %."),
                arguments(
                        "an error-rate SLO above 100 %",
                        errorRate("100.5"), "SLO: error rate must be above 0 % and at most 100 %."),
                arguments(
                        "an error-rate SLO finer than a hundredth",
                        errorRate("0.125"),
                        "SLO: error rate takes at most 2 decimals."),
                arguments(
                        "a blank name",
                        (UnaryOperator<DeploymentChanges>) c -> new DeploymentChanges(
                                " ",
                                c.model(),
                                c.engine(),
                                c.region(),
                                c.sloTtftP95Ms(),
                                c.sloItlP95Ms(),
                                c.sloErrorRatePct()),
                        "Name is required."),
                arguments(
                        "an over-long engine",
                        (UnaryOperator<DeploymentChanges>) c -> new DeploymentChanges(
                                c.displayName(),
                                c.model(),
                                "x".repeat(51),
                                c.region(),
                                c.sloTtftP95Ms(),
                                c.sloItlP95Ms(),
                                c.sloErrorRatePct()),
                        "Engine takes at most 50 characters."));
    }

    private static UnaryOperator<DeploymentChanges> slos(@Nullable String ttft, @Nullable String itl) {
        return c -> new DeploymentChanges(
                c.displayName(),
                c.model(),
                c.engine(),
                c.region(),
                ttft == null ? null : new BigDecimal(ttft),
                itl == null ? null : new BigDecimal(itl),
                c.sloErrorRatePct());
    }

    private static UnaryOperator<DeploymentChanges> errorRate(@Nullable String percent) {
        return c -> new DeploymentChanges(
                c.displayName(),
                c.model(),
                c.engine(),
                c.region(),
                c.sloTtftP95Ms(),
                c.sloItlP95Ms(),
                percent == null ? null : new BigDecimal(percent));
    }

    @Test
    void tenant_users_may_not_edit_archive_or_restore_even_their_own_deployments() {
        String slug = tenant.deployment("guarded");
        TenantScope own = TenantScope.tenant(tenant.id());
        DeploymentChanges same = DeploymentChanges.of(deployments.require(own, slug));

        assertThatThrownBy(() -> deployments.edit(own, operatorId, slug, same))
                .isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> deployments.archive(own, operatorId, slug)).isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> deployments.restore(own, operatorId, slug)).isInstanceOf(AccessDeniedException.class);
        assertThat(deployments.require(own, slug).active()).isTrue();
    }

    @Test
    void an_archived_deployment_is_listed_only_when_asked_for_stays_readable_and_refuses_samples() {
        String slug = tenant.deployment("archived");
        TenantScope own = TenantScope.tenant(tenant.id());

        assertThat(deployments.archive(OPERATOR, operatorId, slug)).isTrue();
        assertThat(deployments.archive(OPERATOR, operatorId, slug))
                .as("already archived")
                .isFalse();

        assertThat(deployments.visibleTo(own))
                .extracting(DeploymentListItem::slug)
                .doesNotContain(slug);
        assertThat(deployments.visibleTo(own, true))
                .filteredOn(item -> item.slug().equals(slug))
                .singleElement()
                .satisfies(item -> assertThat(item.archived()).isTrue());
        assertThat(deployments.require(own, slug).archivedAt()).isNotNull();
        assertThatThrownBy(() -> deployments.requireActive(own, slug))
                .isInstanceOf(DeploymentArchivedException.class)
                .hasMessageStartingWith("deployment archived");
        DeploymentRef archived = deployments.require(own, slug);
        assertThat(events.stream(DeploymentArchived.class))
                .containsExactly(new DeploymentArchived(operatorId, archived.id(), tenant.id(), slug));

        assertThat(deployments.restore(OPERATOR, operatorId, slug)).isTrue();

        assertThat(deployments.requireActive(own, slug).active()).isTrue();
        assertThat(deployments.visibleTo(own))
                .extracting(DeploymentListItem::slug)
                .contains(slug);
        assertThat(events.stream(DeploymentRestored.class))
                .containsExactly(new DeploymentRestored(operatorId, archived.id(), tenant.id(), slug));
    }

    @Test
    void a_page_of_deployments_holds_only_the_scopes_own_matching_ones_by_name_and_is_bounded() {
        TestTenant other = TestTenant.create(context, "deployment-service-it-other");
        String ours = tenant.deployment("paged-a");
        tenant.deployment("paged-b");
        String theirs = other.deployment("paged-a");
        TenantScope own = TenantScope.tenant(tenant.id());

        assertThat(deployments.page(own, DeploymentFilter.active("paged"), 0, 10))
                .extracting(DeploymentListItem::slug)
                .containsExactly(ours, tenant.slug() + "-paged-b");
        assertThat(deployments.count(own, DeploymentFilter.active("PAGED"))).isEqualTo(2);
        assertThat(deployments.page(own, DeploymentFilter.active("paged"), 1, 10))
                .extracting(DeploymentListItem::slug)
                .containsExactly(tenant.slug() + "-paged-b");
        assertThat(deployments.page(OPERATOR, DeploymentFilter.active("paged-a"), 0, 10))
                .extracting(DeploymentListItem::slug)
                .contains(ours, theirs);
        assertThat(deployments.listItem(own, theirs)).isEmpty();
        assertThat(deployments.listItem(own, ours).map(DeploymentListItem::displayName))
                .contains("Test paged-a");
        assertThat(deployments.page(OPERATOR, DeploymentFilter.active(""), 0, 100_000))
                .hasSizeLessThanOrEqualTo(DeploymentService.MAX_PAGE);
        assertThatThrownBy(() -> deployments.page(own, DeploymentFilter.active(""), -1, 10))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
