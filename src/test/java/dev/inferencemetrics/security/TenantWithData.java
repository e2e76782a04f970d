package dev.inferencemetrics.security;

import dev.inferencemetrics.billing.UsageService;
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
        api.ingestRequests(
                key,
                deployment,
                IntStream.range(0, 20)
                        .mapToObj(i -> RequestSampleJson.ok(name + "-" + i, now.minus(Duration.ofMinutes(i))))
                        .toList());
        api.ingestKvCache(key, deployment, List.of(KvReadingJson.reading("r0", now, 40)));
        EngineRows.write(context, tenant, deployment, now);
        context.getBean(UsageService.class)
                .changeTimeZone(TenantScope.allTenants(), tenant.id(), ZoneId.of("Europe/Berlin"));
        String admin = name + "-admin-" + tenant.id();
        context.getBean(UserAccounts.class)
                .createIfAbsent(tenant.id(), admin, "Admin", "a long password", Role.TENANT_ADMIN);
        return new TenantWithData(tenant, deployment, key, admin);
    }

    long id() {
        return tenant.id();
    }
}
