package dev.inferencemetrics.security;

import dev.inferencemetrics.alert.AlertEvaluator;
import dev.inferencemetrics.alert.AlertRule;
import dev.inferencemetrics.alert.AlertService;
import dev.inferencemetrics.alert.RuleKind;
import dev.inferencemetrics.annotation.AnnotationDraft;
import dev.inferencemetrics.annotation.AnnotationService;
import dev.inferencemetrics.billing.GpuCost;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.billing.UsageService;
import dev.inferencemetrics.deployment.DeploymentOtlpNames;
import dev.inferencemetrics.deployment.OtlpNames;
import dev.inferencemetrics.notify.ChannelKind;
import dev.inferencemetrics.notify.ChannelService;
import dev.inferencemetrics.notify.NewChannel;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import dev.inferencemetrics.slo.SloService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.KvReadingJson;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.TestTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.stream.IntStream;
import org.springframework.context.ApplicationContext;

/** A tenant of a test's own with a row in every tenant-owned table, written through the application's own paths. */
record TenantWithData(TestTenant tenant, String deployment, String key, String adminUsername) {

    static TenantWithData create(ApplicationContext context, HttpApi api, String name) {
        TestTenant tenant = TestTenant.create(context, name);
        String deployment = tenant.deployment("model");
        String key = tenant.fullKey();
        Instant now = context.getBean(Clock.class).instant();
        ingestNamingConsumer(api, key, deployment, name, 0, now);
        api.ingestKvCache(key, deployment, List.of(KvReadingJson.reading("r0", now, 40)));
        context.getBean(DeploymentOtlpNames.class)
                .replace(TenantScope.allTenants(), deployment, new OtlpNames(List.of(deployment + "-vllm"), List.of()));
        EngineRows.write(context, tenant, deployment, now);
        context.getBean(GpuCostService.class)
                .schedule(TenantScope.allTenants(), deployment, null, GpuCost.of(1, 1, "2.00", "USD"));
        context.getBean(UsageService.class)
                .changeTimeZone(TenantScope.allTenants(), tenant.id(), ZoneId.of("Europe/Berlin"));
        alertsWithAMessage(context, tenant, deployment, now);
        context.getBean(AnnotationService.class)
                .add(
                        TenantScope.tenant(tenant.id()),
                        deployment,
                        new AnnotationDraft(now, null, "rolled out", List.of()));
        String admin = name + "-admin-" + tenant.id();
        context.getBean(UserAccounts.class)
                .createIfAbsent(tenant.id(), admin, "Admin", "a long password", Role.TENANT_ADMIN);
        return new TenantWithData(tenant, deployment, key, admin);
    }

    /**
     * Ten requests ({@code first} on) naming the tenant's consumer, which leave a batch waiting for the dimension fold
     * (and give the tenant dimension values and rollups once a test folds it).
     */
    static void ingestNamingConsumer(
            HttpApi api, String key, String deployment, String consumer, int first, Instant now) {
        api.ingestRequests(
                key,
                deployment,
                IntStream.range(first, first + 10)
                        .mapToObj(i -> RequestSampleJson.ok(consumer + "-" + i, now.minus(Duration.ofMinutes(i)))
                                .set("consumer", consumer))
                        .toList());
    }

    /**
     * An objective no request meets, so the deployment's fast-burn page fires on the first evaluation and records a
     * message for the tenant's channel; a silence of a rule (not the firing one) and the default rules come along.
     */
    private static void alertsWithAMessage(
            ApplicationContext context, TestTenant tenant, String deployment, Instant now) {
        TenantScope scope = TenantScope.tenant(tenant.id());
        context.getBean(SloService.class).change(scope, deployment, new SloObjective(SloKind.TTFT, 95, 1.0, true));
        context.getBean(ChannelService.class)
                .create(scope, new NewChannel(tenant.id(), "mail", ChannelKind.EMAIL, "ops@example.com", false));
        AlertRule kv = context.getBean(AlertService.class).rules(scope, deployment).stream()
                .filter(rule -> rule.kind() == RuleKind.KV_MEAN)
                .findFirst()
                .orElseThrow();
        context.getBean(AlertService.class)
                .silence(scope, deployment, kv.id(), now.plus(Duration.ofHours(1)), "maintenance");
        context.getBean(AlertEvaluator.class).evaluate(scope, now, () -> true);
    }

    long id() {
        return tenant.id();
    }
}
